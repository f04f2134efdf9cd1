"""The prompt helper as data: its text model and where it runs (model.py), the llama-server that runs it
(server.py), and what it is asked and how its answer streams (chat.py). The service that starts it is
app/services/prompt_helper.py."""
