# Float64 check of C1 over a short horizon (the logbook's code, kept as written).
from fw_float import first_exit

x = [[-3, 1 / 4], [-3, -3], [-1 / 3, -7 / 4], [3, 1 / 2]]
exit_step = first_exit(x, c=200, horizon=300)
print("first exit within 300 steps:", exit_step)
if exit_step is None:
    print("origin in hull for all 300 steps: C1 verified")
