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
