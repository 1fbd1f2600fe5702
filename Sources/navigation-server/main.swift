print("navigation-server")
