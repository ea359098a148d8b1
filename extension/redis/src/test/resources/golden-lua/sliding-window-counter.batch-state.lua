-- throttled: the first lines of every script that reads the time. The Redis server's clock decides, the
-- same for every app node; only tests send their own.
--
-- ARGV[2]  now in µs, sent by tests only; '' = the server clock
local now
if ARGV[2] == '' then
  local t = redis.call('TIME')
  now = t[1] * 1000000 + t[2]
else
  now = tonumber(ARGV[2])
end
-- throttled: the head of every decision script. A script is clock.lua (which sets now), this file, then
-- one algorithm file (which names KEYS[i] and its per-limit ARGV), then decide.lua; LuaScript joins them
-- at load time.
--
-- ARGV[1]  cost: tokens to take from every limit of the policy; 0 = peek (report, take nothing)
-- ARGV[2]  now in µs, sent by tests only; '' = the Redis server's clock, the same for every app node
local cost = tonumber(ARGV[1])

-- Every number below stays under 2^52 (ExactArithmetic checks each limit), where a double holds any
-- integer and floor/ceil of a quotient are exact. Numbers go to Redis as integer text, never as %.14g.
local floor, ceil, max = math.floor, math.ceil, math.max
local format = string.format
local function int(x)
  return format('%d', x)
end
-- A state's integers joined by ':' in one format call: a call per field and the concatenations cost twice as much,
-- about 0.4 µs a write. It also keeps the last state it joined and its numbers as fields() would read them back:
-- in a batch, the next request on a hot key reads the state the one before it wrote (batch-state.lua) and need not
-- parse it. Kept for whole numbers only (all of them are; %d would drop a fraction); + 0 turns a -0 into the 0
-- that parsing gives.
local last, last_a, last_b, last_c
local function joined(a, b, c)
  local state
  if c == nil then
    state = format('%d:%d', a, b)
  else
    state = format('%d:%d:%d', a, b, c)
  end
  if a % 1 == 0 and b % 1 == 0 and (c == nil or c % 1 == 0) then
    last, last_a, last_b, last_c = state, a + 0, b + 0, c and c + 0
  else
    last = nil
  end
  return state
end

-- A bucket's state is one string of integers joined by ':' ("tokens:µs:carry"): one GET to read it and
-- one SET ... PXAT to write it with its expiry, fewer commands and bytes than a hash with PEXPIREAT.
local find, sub = string.find, string.sub
local function fields(state)
  if state == last then
    return last_a, last_b, last_c
  end
  local a = find(state, ':', 1, true)
  local b = find(state, ':', a + 1, true)
  if not b then
    return tonumber(sub(state, 1, a - 1)), tonumber(sub(state, a + 1))
  end
  return tonumber(sub(state, 1, a - 1)), tonumber(sub(state, a + 1, b - 1)), tonumber(sub(state, b + 1))
end

-- Every algorithm whose states are strings (all but the sliding log) reads and writes them through these three. A
-- batch whose requests share a key (batch-state.lua) replaces them with its own, which keep the states in Lua
-- between the requests and write each key once; as functions of their own they cost a batch less than a
-- redis.call it intercepts (no varargs, no expiry formatted and parsed back per request). at: the expiry in ms
-- since the epoch, a whole number.
local function read_state(key)
  return redis.call('GET', key)
end
local function write_state(key, value, at)
  redis.call('SET', key, value, 'PXAT', int(at))
end
-- Two states in one MGET (a key of another type reads as none).
local function read_states(a, b)
  local values = redis.call('MGET', a, b)
  return values[1], values[2]
end

-- The deciding limit of limits 1..n, each judged by check(i): a request passes all of them or none. Denied, it is the
-- limit with the longest wait (one the request can never pass, wait -1, before any); allowed, the one with the least
-- left. Returns allowed (1 or 0), remaining, retry_after_ms, reset_after_ms and that limit's index: decide.lua's
-- reply. decide.lua, reserve.lua and lease.lua (and so group and batch scripts) all decide with it, so that they
-- cannot drift apart; its Java twin is Bucket.check with Bucket.decides.
local function deciding_limit(check, n)
  local allowed, remaining, retry, reset, index = 1, nil, 0, 0, 1
  for i = 1, n do
    local ok, left, wait, full = check(i)
    if ok == 1 then
      if allowed == 1 and (remaining == nil or left < remaining) then
        remaining, reset, index = left, full, i
      end
    elseif allowed == 1 or (retry ~= -1 and (wait == -1 or wait > retry)) then
      allowed, remaining, retry, reset, index = 0, left, wait, full, i
    end
  end
  return allowed, remaining, retry, reset, index
end
-- throttled: the states a batch script reads and writes, kept in Lua between its requests. When two requests of a
-- batch share a key (a hot key, or one busy client), LuaScript.batch puts this file after prelude.lua and before
-- the algorithm functions, so their read_state, read_states, write_state and redis.call are the ones below
-- (otherwise batch-direct.lua: this bookkeeping would cost more than it saves). Requests on one key then cost one
-- GET (or MGET) and one SET per batch instead of one each; batch.lua calls flush() before it returns, which writes
-- each key's last state as its last request would have written it. Every reply is the one the requests would get
-- alone (BatchScriptTest).
--
-- Only GET and SET key value PXAT t (a string value, t after the server's time) are kept; MGET answers from what is
-- kept and reads the rest. What read_states' MGET read is kept apart, for read_states only: MGET reads a key of
-- another type as none, where a GET fails. Any other command first writes what is pending, forgets what was read,
-- and then runs, so it sees Redis as the requests before it left it. A state whose PXAT has already passed (a test
-- clock behind the server's) is written at once: Redis removes it, and the next request must find no state, as it
-- would alone. A GET that fails (a key of another type) keeps nothing, so each request on that key meets the error
-- itself.
local server = redis
local known, pending, order = {}, {}, {}      -- value by key (false: no key); {value, pxat} by key; keys in order
local server_ms                                 -- the server's time in ms, read on the first SET
local multi_known = {}                          -- values read_states read; kept apart: MGET reads another type as none

local function server_time_ms()
  if not server_ms then
    if ARGV[2] == '' then
      server_ms = floor(now / 1000)             -- clock.lua read TIME: now is the server's
    else
      local t = server.call('TIME')
      server_ms = t[1] * 1000 + floor(t[2] / 1000)
    end
  end
  return server_ms
end

local function flush()
  for _, key in ipairs(order) do
    local state = pending[key]
    server.call('SET', key, state[1], 'PXAT', int(state[2]))
  end
  pending, order = {}, {}
end

-- Keeps a write for flush(): the key's pending entry, new or updated in place (a hot key writes once per request).
local function keep(key, value, at)
  local state = pending[key]
  if state == nil then
    order[#order + 1] = key
    pending[key] = {value, at}
  else
    state[1], state[2] = value, at
  end
  known[key] = value
end

-- prelude.lua's read_state, and what a GET below answers: what is kept, else Redis' value, kept from then on.
local function read_state(key)
  local value = known[key]
  if value == nil then
    value = server.call('GET', key)
    known[key] = value
  end
  return value
end

local function call(command, ...)
  local n = select('#', ...)
  if command == 'GET' and n == 1 then
    return read_state(...)
  elseif command == 'MGET' then
    local keys, values, missing = {...}, {}, {}
    for i, key in ipairs(keys) do
      values[i] = known[key]
      if values[i] == nil then missing[#missing + 1] = key end
    end
    if #missing > 0 then
      local read = server.call('MGET', unpack(missing))
      local j = 0
      for i in ipairs(keys) do               -- not kept: MGET reads a key of another type as no key
        if values[i] == nil then
          j = j + 1
          values[i] = read[j]
        end
      end
    end
    return values
  elseif command == 'SET' and n == 4 then
    local key, value, option, pxat = ...
    if option == 'PXAT' and type(value) == 'string' and tonumber(pxat) > server_time_ms() then
      keep(key, value, pxat)
      return server.status_reply('OK')
    end
  end
  flush()
  known, multi_known = {}, {}
  return server.call(command, ...)
end

local redis = setmetatable({call = call}, {__index = server})

-- prelude.lua's write_state, as the SET ... PXAT above (read_state is the GET): what the algorithms call. at is a
-- whole number of ms, as int(at) would write it.
local function write_state(key, value, at)
  if floor(at) > server_time_ms() then
    keep(key, value, at)
  else
    call('SET', key, value, 'PXAT', int(at))
  end
end

local function read_states(a, b)
  local va, vb = known[a], known[b]
  if va == nil then va = multi_known[a] end
  if vb == nil then vb = multi_known[b] end
  if va == nil or vb == nil then
    local read = server.call('MGET', a, b)
    if va == nil then
      va = read[1]
      multi_known[a] = va
    end
    if vb == nil then
      vb = read[2]
      multi_known[b] = vb
    end
  end
  return va, vb
end
local function sliding_window_counter(KEYS, ARGV, cost)
-- sliding-window-counter: the count of the current clock-aligned window plus the previous window's
-- count weighted by the share of it the rolling window still covers. Counts are the strings KEYS[i]:n
-- (same hash tag, same slot). Time is whole milliseconds here, so quantity × window stays exact up to
-- 366-day windows.
--
-- KEYS[i]      key stem of limit i
-- ARGV[2i+1]   window ms
-- ARGV[2i+2]   quantity per rolling window
local pending_key, pending_count, pending_at = {}, {}, {}   -- what commit(i) writes, and its expiry in ms

local function limit(i)
  return tonumber(ARGV[2 * i + 1]), tonumber(ARGV[2 * i + 2])
end

-- ms until the rolling window holds nothing, with c counted in the current window and prev in the one before
local function until_empty(c, prev, w, into)
  if c > 0 then return 2 * w - into elseif prev > 0 then return w - into else return 0 end
end

local function check(i)
  local w, q = limit(i)
  local ms = floor(now / 1000)
  local window = floor(ms / w)
  local into = ms - window * w
  local key = KEYS[i] .. ':' .. int(window)
  local c, p = read_states(key, KEYS[i] .. ':' .. int(window - 1))
  local curr, prev = tonumber(c or '0'), tonumber(p or '0')
  local used = floor(prev * (w - into) / w) + curr
  if cost <= q and used + cost <= q then
    pending_key[i], pending_count[i], pending_at[i] = key, curr + cost, (window + 2) * w   -- through the next window
    return 1, q - used - cost, 0, until_empty(curr + cost, prev, w, into)
  end
  if cost > q then
    return 0, max(0, q - used), -1, until_empty(curr, prev, w, into)
  end
  local wait
  if curr + cost <= q then
    -- later in this window, once the previous window's weight has faded enough
    wait = w - ceil((q - cost - curr + 1) * w / prev) + 1 - into
  else
    -- in the next window, where this window's count is the one that fades
    wait = w - into + w - ceil((q - cost + 1) * w / curr) + 1
  end
  return 0, max(0, q - used), wait, until_empty(curr, prev, w, into)
end

local function commit(i)
  write_state(pending_key[i], int(pending_count[i]), pending_at[i])
end

return check, commit
end
local function decide(check, commit, KEYS, cost)
-- throttled: the tail of every decision script. check(i) judged limit i and remembered what commit(i)
-- would write. The request takes from all limits or from none, so nothing is written unless all pass;
-- deciding_limit (prelude.lua) names the limit that decided.
-- Returns {allowed, remaining, retry_after_ms, reset_after_ms, index_of_deciding_limit}.
local allowed, remaining, retry, reset, index = deciding_limit(check, #KEYS)
if allowed == 1 and cost > 0 then
  for i = 1, #KEYS do
    commit(i)
  end
end
return {allowed, remaining, retry, reset, index}

end
local algorithms = {sliding_window_counter}
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
-- follow, and those m values: the per-limit ARGV its algorithm file names (ARGV[3] onwards there);
-- or '0' alone: the request before, again (the same algorithm, keys, cost and values; every request on a hot
-- key of one policy). It is decided by the closures of the request it repeats: each check(i) writes what its
-- commit(i) reads, so they carry nothing over, and Redis and Lua skip its arguments;
-- or '-' alone: the request before's algorithm, k, cost and values, on keys of its own (every client of one policy).
-- Redis and Lua skip the arguments, and it is decided by the closures of the request before, whose keys' table now
-- holds its keys: the algorithms read KEYS[i] only when check(i) or commit(i) runs, and carry nothing else over
-- (see '0'); no algorithm writes its ARGV.
-- KEYS         the k keys of each request in turn (none for a repeat)
-- Returns per request its decision script's reply {allowed, remaining, retry_after_ms, reset_after_ms,
-- index_of_deciding_limit}, or the error that request met (a wrong type at its key): one request's error
-- fails that request only, as it would have alone.
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
