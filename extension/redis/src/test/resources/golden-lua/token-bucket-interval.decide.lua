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
-- token-bucket, interval refill (the Redis docs' script): one string per limit "tk:ts" (tk = tokens, ts = µs
-- of the last refill step). Every whole window after ts adds the quantity, up to the burst. A full bucket
-- restarts its refill clock on the next take, so a full bucket and a missing key decide alike.
--
-- KEYS[i]      state of limit i
-- ARGV[3i]     window µs: the refill interval
-- ARGV[3i+1]   quantity: tokens added per interval
-- ARGV[3i+2]   burst: tokens the bucket holds
local pending, pending_since = {}, {}        -- what commit(i) writes: tokens left, refill step

local function limit(i)
  return tonumber(ARGV[3 * i]), tonumber(ARGV[3 * i + 1]), tonumber(ARGV[3 * i + 2])
end

-- ms until n more tokens have arrived; refill steps count from since
local function steps_wait(n, since, w, q)
  if n <= 0 then return 0 end
  return ceil((since + ceil(n / q) * w - now) / 1000)
end

-- The bucket now: its tokens and the step they count from (a full bucket restarts its refill clock).
local function refilled(i, w, q, burst)
  local state = read_state(KEYS[i])
  if not state then return burst, now end
  local tokens, since = fields(state)
  local steps = floor(max(0, now - since) / w)
  if tokens >= burst or steps >= ceil((burst - tokens) / q) then
    return burst, now
  end
  return tokens + steps * q, since + steps * w
end

local function check(i)
  local w, q, burst = limit(i)
  local tokens, since = refilled(i, w, q, burst)
  if cost > burst then
    return 0, max(0, tokens), -1, steps_wait(burst - tokens, since, w, q)
  end
  if tokens >= cost then
    local left = tokens - cost
    pending[i], pending_since[i] = left, since
    return 1, left, 0, steps_wait(burst - left, since, w, q)
  end
  return 0, max(0, tokens), steps_wait(cost - tokens, since, w, q), steps_wait(burst - tokens, since, w, q)
end

local function commit(i)
  local w, q, burst = limit(i)
  local left, since = pending[i], pending_since[i]
  write_state(KEYS[i], joined(left, since), ceil((since + ceil((burst - left) / q) * w) / 1000))
end

-- A reservation (reserve.lua): check(i) judged the take at the slot, refill steps counted from since. Written
-- as of now: k steps earlier and k quantities fewer (tokens may go below zero), the fewest k that puts the
-- first step at or before now, so the bucket reaches exactly that state at the slot and every call before
-- it sees no more than that. Returns the state written.
local function reserve(i, slot)
  local w, q, burst = limit(i)
  local left, since = pending[i], pending_since[i]
  local k = max(0, ceil((since - now) / w))
  local tokens, from = left - k * q, since - k * w
  local state = joined(tokens, from)
  write_state(KEYS[i], state, ceil((from + ceil((burst - tokens) / q) * w) / 1000))
  return state
end

-- A penalty (penalty.lua): no token arrives before at. With m refill steps before at, the bucket holds -m × the
-- quantity now, so the first step at or after at brings the first token; a bucket lower already stays.
-- Returns 1 when the state moved, 0 otherwise.
local function penalize(i, at)
  local w, q, burst = limit(i)
  local tokens, since = refilled(i, w, q, burst)
  local target = -max(0, ceil((at - since) / w) - 1) * q
  if tokens <= target then return 0 end
  write_state(KEYS[i], joined(target, since), ceil((since + ceil((burst - target) / q) * w) / 1000))
  return 1
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
