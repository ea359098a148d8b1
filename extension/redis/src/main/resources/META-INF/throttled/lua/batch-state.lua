-- throttled: the states a batch script reads and writes, kept in Lua between its requests. When two requests of a
-- batch share a key (a hot key, or one busy client), LuaScript.batch puts this file after prelude.lua and before
-- the algorithm functions, so their read_state, read_states, write_state and redis.call are the ones below
-- (otherwise batch-direct.lua: this bookkeeping would cost more than it saves). Requests on one key then cost one
-- GET (or MGET) and one SET per batch instead of one each; batch.lua calls flush() before it returns, which writes
-- each key's last state as its last request would have written it. Every reply is the one the requests would get
-- alone (BatchScriptTest). How it stands in for the prelude's functions and redis: prelude.lua, BATCH STATE.
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
