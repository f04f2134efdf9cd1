"""The job queue: many requests run one after another on every card of a rig. (Qt services)"""
