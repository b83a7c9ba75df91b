import GestureTraceCLI

TraceTool.main()
