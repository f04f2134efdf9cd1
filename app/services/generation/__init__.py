"""Making images: the request, the memory plan, the backend's argv and its output. (Qt services)"""
