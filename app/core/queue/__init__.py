"""The job queue as data: job states, batches, prompt lists, the queue file, and the rigs that run jobs."""
