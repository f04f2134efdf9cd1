"""The HTTP front end other apps call (`python -m app serve`, or the window's switch): A1111's and OpenAI's APIs
over the studio's queue."""
