"""The HTTP front end other apps call (`python -m app serve`, or the window's switch): A1111's and OpenAI's APIs
over the studio's queue. FastAPI and uvicorn load only when a server starts (over a second at start-up)."""

DEFAULT_PORT = 7860  # A1111's, which every client expects
MAX_WAITING_PER_CLIENT = 8  # pictures one client may have waiting or running
