"""The runners: what runs one job (a picture here, on another computer, an upscale), the one protocol the queue
speaks to them through, the events they say, and how a finished picture is put in place. (Qt services)"""
