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
-- gcra: one string per limit, the theoretical arrival time (TAT) "a" or "a:f", meaning a + f/Q' µs.
-- The bucket is full when the TAT is not ahead of now; each token pushes it W' units (W'/Q' µs) further,
-- and a request passes while the TAT stays within burst × W' units of now.
--
-- KEYS[i]      TAT of limit i
-- ARGV[3i]     W': window µs ÷ g, the length of one token in units of 1/Q' µs (g = gcd(window µs, quantity))
-- ARGV[3i+1]   Q': quantity ÷ g, units per µs
-- ARGV[3i+2]   burst: tokens the bucket holds
local pending = {}

local function limit(i)
  return tonumber(ARGV[3 * i]), tonumber(ARGV[3 * i + 1]), tonumber(ARGV[3 * i + 2])
end

-- The TAT as a and f (a + f/Q' µs), or nil when there is none.
local function read_tat(i, q)
  local tat = read_state(KEYS[i])
  if not tat then return nil end
  local a, f
  if tat == last then                           -- the TAT joined() wrote last (prelude.lua): its numbers
    a, f = last_a, last_b
  else
    local sep = string.find(tat, ':', 1, true)
    if not sep then return tonumber(tat), 0 end
    a, f = tonumber(string.sub(tat, 1, sep - 1)), tonumber(string.sub(tat, sep + 1))
  end
  if f >= q then f = q - 1 end                  -- written under another rate
  return a, f
end

local function check(i)
  local w, q, burst = limit(i)
  local tau = burst * w
  local ahead = 0                               -- units the TAT lies ahead of now
  local a, f = read_tat(i, q)
  if a and a >= now then ahead = (a - now) * q + f end
  local left = max(0, floor((tau - ahead) / w))
  local full = ceil(ahead / (q * 1000))
  if cost > burst then
    return 0, left, -1, full
  end
  local after = ahead + cost * w
  if after <= tau then
    pending[i] = after
    return 1, floor((tau - after) / w), 0, ceil(after / (q * 1000))
  end
  return 0, left, ceil((after - tau) / (q * 1000)), full
end

-- Writes the TAT that lies after units ahead of the time from.
local function write(i, from)
  local _, q = limit(i)
  local after = pending[i]
  local whole = floor(after / q)
  local f = after - whole * q
  local a = from + whole
  local value
  if f > 0 then
    value = joined(a, f)
    a = a + 1
  else
    value = int(a)
  end
  -- Once the TAT has passed, a missing key reads exactly like this one: let it go then.
  write_state(KEYS[i], value, ceil(a / 1000))
  return value
end

local function commit(i)
  write(i, now)
end

-- A reservation (reserve.lua): check(i) judged the take at the slot; the TAT is absolute, so it is written as
-- the take at the slot would write it. Returns the state written.
local function reserve(i, slot)
  return write(i, slot)
end

-- A penalty (penalty.lua): nothing passes before at, one token does at at. The TAT must lie (burst - 1) × W'
-- units after at; a TAT already further on stays. Returns 1 when the state moved, 0 when it was far enough.
local function penalize(i, at)
  local w, q, burst = limit(i)
  local least = (burst - 1) * w
  local a, f = read_tat(i, q)
  if a and (a - at) * q + f >= least then return 0 end
  pending[i] = least
  write(i, at)
  return 1
end

-- A lease's give-back (lease.lua): r unused tokens come back (the TAT moves back r × W' units), but the bucket
-- plus the tokens still out on lease (out) never exceed the burst through a give-back: the TAT stays at least
-- out × W' units ahead of now, unless it was less ahead already. Returns the whole tokens that came back.
local function refund(i, r, out)
  local w, q = limit(i)
  local a, f = read_tat(i, q)
  if not a or a < now then return 0 end         -- full: nothing can come back
  local ahead = (a - now) * q + f
  local back = max(ahead - r * w, math.min(ahead, out * w))
  if back >= ahead then return 0 end
  if back <= 0 then
    redis.call('DEL', KEYS[i])
  else
    pending[i] = back
    write(i, now)
  end
  return floor((ahead - back) / w)
end
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
