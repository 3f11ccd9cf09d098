// Plays a whole game through the types openapi-typescript generated from the committed spec
// (./api.ts, written beside this file by tests/clients/test_typescript_client.py), compiled
// by tsc --strict: every decision is read as a typed Decision and every action as an Action.
// Usage: node play.js <base url> <players>; prints one JSON summary line.
import type { components, operations } from "./api";

// The two things of Node's that this program uses (without @types/node).
declare const process: { argv: string[]; exit(code: number): never };

type Schemas = components["schemas"];
type Json<Op extends keyof operations, Status extends number> = operations[Op]["responses"] extends {
    [S in Status]: { content: { "application/json": infer Body } };
}
    ? Body
    : never;

const [base, playersArg] = process.argv.slice(2);
const players = Number(playersArg);

async function send<Body>(method: string, path: string, body?: object, token?: string): Promise<Body> {
    const headers: Record<string, string> = { "Content-Type": "application/json" };
    if (token !== undefined) headers.Authorization = `Bearer ${token}`;
    const res = await fetch(base + path, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    const parsed: Body = await res.json();
    return parsed;
}

/** The member of a union of the given `type`. A union that grows also holds its
 * `Unknown…` member (a type newer than the document, with `type: string`), so a `switch`
 * on `type` cannot narrow it; this guard does (docs/api.md, "What a minor version may add
 * and how your client sees it"). */
function isType<U extends { type: string }, T extends string>(
    value: U,
    type: T,
): value is Extract<U, { type: T }> {
    return value.type === type;
}

function describe(action: Schemas["Action"]): string {
    if (isType(action, "start_space")) return `start_space ${action.space}`;
    if (isType(action, "place")) return `place ${action.field} ${action.number}`;
    if (isType(action, "feed")) return `feed ${action.eat.join(",")}`;
    if (isType(action, "buy")) return `buy ${action.gene}`;
    return action.type; // another type, known or newer than this document
}

async function main(): Promise<void> {
    const create: Schemas["GameCreate"] = { players };
    const created = await send<Json<"createGame", 201>>("POST", "/api/v1/games", create);
    const gameId = created.game.id;
    const tokens = new Map<number, string>();
    for (let i = 0; i < players; i++) {
        const join: Schemas["Join"] = { name: `ts${i}` };
        const joined = await send<Json<"joinGame", 201>>("POST", `/api/v1/games/${gameId}/seats`, join);
        tokens.set(joined.seat, joined.token);
    }
    const kinds = new Set<Schemas["Decision"]["kind"]>();
    const types = new Set<Schemas["Action"]["type"]>();
    let decisions = 0;
    let last = "";
    for (;;) {
        const pending = await send<Json<"getPendingDecision", 200>>("GET", `/api/v1/games/${gameId}/pending`);
        const decision: Schemas["Decision"] | null = pending.pending;
        if (decision === null) break;
        kinds.add(decision.kind);
        decision.actions.forEach((action) => types.add(action.type));
        const token = tokens.get(decision.seat);
        if (token === undefined) throw new Error(`no token for seat ${decision.seat}`);
        const submit: Schemas["ActionSubmit"] = {
            action: decision.actions[0],
            expected_seq: pending.seq,
            seat: decision.seat,
        };
        last = describe(decision.actions[0]);
        const result = await send<Json<"submitAction", 200>>(
            "POST", `/api/v1/games/${gameId}/actions`, submit, token,
        );
        if (result.seq !== pending.seq + 1) throw new Error(`seq ${result.seq} after ${pending.seq}`);
        decisions += 1;
    }
    const game = await send<Json<"getGame", 200>>("GET", `/api/v1/games/${gameId}`);
    const summary = {
        id: gameId,
        status: game.status,
        ranking: game.result?.ranking ?? null,
        scores: game.result?.scores ?? null,
        kinds: [...kinds].sort(),
        types: [...types].sort(),
        decisions,
        last,
    };
    console.log(JSON.stringify(summary));
}

main().catch((error: Error) => {
    console.error(error.message);
    process.exit(1);
});
