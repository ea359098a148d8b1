-- throttled: the tail of a batch script, which decides several unrelated requests in one call, each exactly as
-- decide.lua decides it alone: its own limits, its own take, no request waiting for another. CoalescingScripting
-- sends concurrent decisions this way, so Redis parses one command and enters Lua once for all of them.
-- LuaScript.batch puts in front of this file what LuaScript.group puts in front of group.lua: clock.lua (now, read
-- once for the batch, as if the requests had arrived in the same µs, in this order), prelude.lua, each algorithm
-- file the batch uses wrapped in a function of (KEYS, ARGV, cost), decide(check, commit, KEYS, cost) and
-- `algorithms`, those functions numbered; between the prelude and the algorithms, batch-state.lua when requests
-- share a key (it keeps the states they read and write and writes each key once, at flush()), else
-- batch-direct.lua.
--
-- ARGV[1]      n: how many requests
-- ARGV[2]      now in µs, sent by tests only; '' = the server clock
-- then, per request: its algorithm's number, its number of limits k, its cost, the number m of values that
-- follow, and those m values: the per-limit ARGV its algorithm file names (ARGV[3] onwards there)
-- KEYS         the k keys of each request in turn
-- Returns per request its decision script's reply {allowed, remaining, retry_after_ms, reset_after_ms,
-- index_of_deciding_limit}, or the error that request met (a wrong type at its key): one request's error
-- fails that request only, as it would have alone.
local n = tonumber(ARGV[1])

local function one(algorithm, keys, argv, c)
  local check, commit = algorithm(keys, argv, c)
  return decide(check, commit, keys, c)
end

local replies = {}
local at, before = 3, 0                         -- a request's first ARGV, the KEYS before it
for r = 1, n do
  local k, c, m = tonumber(ARGV[at + 1]), tonumber(ARGV[at + 2]), tonumber(ARGV[at + 3])
  local keys, argv = {}, {ARGV[at + 2], ARGV[2]}
  for i = 1, k do
    keys[i] = KEYS[before + i]
  end
  for j = 1, m do
    argv[2 + j] = ARGV[at + 3 + j]
  end
  local ok, reply = pcall(one, algorithms[tonumber(ARGV[at])], keys, argv, c)
  if ok then
    replies[r] = reply
  elseif type(reply) == 'table' and reply.err then
    replies[r] = reply
  else
    replies[r] = redis.error_reply(tostring(reply))
  end
  at, before = at + 4 + m, before + k
end
flush()                                         -- batch-state.lua: each key's last state, outside every pcall
return replies
