-- throttled: the tail of a batch script, which decides several unrelated requests in one call, each exactly as
-- decide.lua decides it alone: its own limits, its own take, no request waiting for another. CoalescingScripting
-- sends concurrent decisions this way, so Redis parses one command and enters Lua once for all of them. The clock
-- is read once for the batch, as if the requests had arrived in the same µs, in this order. Its assembly, KEYS, ARGV
-- and reply: prelude.lua.
--
-- A '0' (the request before, again: every request on a hot key of one policy) is decided by the closures of the
-- request it repeats: each check(i) writes what its commit(i) reads, so they carry nothing over, and Redis and Lua
-- skip its arguments. A '-' (the request before's algorithm, k, cost and values, on keys of its own: every client of
-- one policy) skips them too, and is decided by the closures of the request before, whose keys' table now holds its
-- keys: the algorithms read KEYS[i] only when check(i) or commit(i) runs and carry nothing else over (see '0'); no
-- algorithm writes its ARGV. One request's error (a wrong type at its key) fails that request only, as it would have
-- alone.
local n = tonumber(ARGV[1])

local check, commit                             -- the last request's that was not a repeat
local function one(algorithm, keys, argv, c)
  check, commit = nil, nil
  check, commit = algorithm(keys, argv, c)
  return decide(check, commit, keys, c)
end

local function again(algorithm, keys, argv, c)
  if not check then                             -- the request it repeats failed before it had them: fail alike
    return one(algorithm, keys, argv, c)
  end
  return decide(check, commit, keys, c)
end

local replies = {}
local at, before = 3, 0                         -- a request's first ARGV, the KEYS before it
local algorithm, keys, argv, c, k
for r = 1, n do
  local decider = one
  local first = ARGV[at]
  if first == '0' then
    at = at + 1
    decider = again
  else
    if first == '-' then
      at = at + 1
      decider = again
    else
      local m = tonumber(ARGV[at + 3])
      algorithm, k, c = algorithms[tonumber(first)], tonumber(ARGV[at + 1]), tonumber(ARGV[at + 2])
      argv = {ARGV[at + 2], ARGV[2]}
      for j = 1, m do                           -- numbers already: the algorithms read them only through
        argv[2 + j] = tonumber(ARGV[at + 3 + j])  -- tonumber, which parses a string each time, a number never
      end
      at = at + 4 + m
      keys = {}
    end
    for i = 1, k do                             -- for '-', into the table the closures of the request before read
      keys[i] = KEYS[before + i]
    end
    before = before + k
  end
  local ok, reply = pcall(decider, algorithm, keys, argv, c)
  if ok then
    replies[r] = reply
  elseif type(reply) == 'table' and reply.err then
    replies[r] = reply
  else
    replies[r] = redis.error_reply(tostring(reply))
  end
end
flush()                                         -- batch-state.lua: each key's last state, outside every pcall
return replies
