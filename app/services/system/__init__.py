"""What this computer has: Vulkan devices, RAM, disk, and the verdicts of the system check. (Qt services)"""
