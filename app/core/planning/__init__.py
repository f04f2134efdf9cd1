"""The memory planner and the time model: where each model part goes and how long a picture takes, priced by one
model of the card, the processor and the link; each family's numbers are its calibration record."""
