-- throttled: the tail of a group script, which decides several requests (policy, key, cost) all or none:
-- every limit of every request is checked, and all are written only when every enforced request passes. The clock
-- is read once for the group; check only (ARGV[3]) is the first pass across Cluster slots. When nothing is taken, a
-- request that would have passed reports its state as a peek does. Its assembly, KEYS, ARGV and reply: prelude.lua.
local n, check_only = tonumber(ARGV[1]), ARGV[3] == '1'

local requests = {}
local at, before = 4, 0                         -- its first ARGV, the KEYS before it
for r = 1, n do
  local k, m = tonumber(ARGV[at + 1]), tonumber(ARGV[at + 4])
  local request = {algorithm = algorithms[tonumber(ARGV[at])], cost = tonumber(ARGV[at + 2]),
                   enforce = ARGV[at + 3] == '1', keys = {}, argv = {ARGV[at + 2], ARGV[2]}}
  for i = 1, k do
    request.keys[i] = KEYS[before + i]
  end
  for j = 1, m do
    request.argv[2 + j] = ARGV[at + 4 + j]
  end
  requests[r] = request
  at, before = at + 5 + m, before + k
end

local function take_nothing() end               -- decide.lua only judges here: the group commits

local replies, commits, admitted = {}, {}, not check_only
for r = 1, n do
  local request = requests[r]
  local check, commit = request.algorithm(request.keys, request.argv, request.cost)
  replies[r], commits[r] = decide(check, take_nothing, request.keys, request.cost), commit
  if replies[r][1] == 0 and request.enforce then
    admitted = false
  end
end

for r = 1, n do
  local request = requests[r]
  if replies[r][1] == 1 and request.cost > 0 then
    if admitted then
      for i = 1, #request.keys do
        commits[r](i)
      end
    else
      replies[r] = decide(request.algorithm(request.keys, request.argv, 0), take_nothing, request.keys, 0)
    end
  end
end
return replies
