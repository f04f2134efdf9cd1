"""QObjects that own processes, timers and probes and turn them into signals."""
