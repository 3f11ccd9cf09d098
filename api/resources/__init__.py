"""The API's resources, one package each with its routes and schemas beside them
(``<resource>/routes.py`` holds the flask-smorest blueprint, ``<resource>/schemas.py`` its
marshmallow schemas); ``api.resources.blueprints`` lists them in the order ``create_app``
registers them.
"""
