# The same float64 implementation, run longer (the logbook's code, kept as written).
from fw_float import first_exit

print("c=200, 4 tokens:", first_exit([[-3, 1 / 4], [-3, -3], [-1 / 3, -7 / 4], [3, 1 / 2]], c=200, horizon=1000))
print("c=1, 2 collinear tokens:", first_exit([[1 / 10, 3 / 10], [-1 / 5, -3 / 5]], c=1, horizon=1000))
