from geodeck.cli.main import run

run()
