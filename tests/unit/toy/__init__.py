"""A third game family that lives only in the tests: Nim with a pile of stones, each seat
taking one or two in turn, the seat that takes the last stone scoring a point. It shows
that a family is its own package plus one registration with the catalogue: nothing in
geodeck names it."""
