from ._binary import main

main()
