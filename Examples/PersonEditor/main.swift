print("PersonEditor")
