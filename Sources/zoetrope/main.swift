import Player
ZoetropeCommand.main()
