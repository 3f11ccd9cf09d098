"""The API's contract machinery: what the generated OpenAPI document says beyond what the
routes and schemas say on their own (stable operation names, the response documents'
required fields), so that clients can be generated from it (docs/api.md)."""
