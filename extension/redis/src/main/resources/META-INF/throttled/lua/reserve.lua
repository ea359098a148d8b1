-- throttled: the tail of a reservation script, for a policy whose calls may wait (max-wait): clock.lua,
-- prelude.lua, the algorithm's file, then this file instead of decide.lua. It decides as decide.lua does;
-- when the only thing between a denied call and its slot is a wait of at most max-wait, it reserves the slot
-- in this same call: every limit takes the cost as if the call came at the slot (now + the wait, on this
-- server's clock), and the caller waits, then proceeds without asking again. Each reservation moves every
-- limit's state forward, so waiters get distinct slots in the order their calls reached this script. Its KEYS,
-- ARGV and reply: prelude.lua.
local n = tonumber(ARGV[#ARGV - 2])
local max_wait = tonumber(ARGV[#ARGV - 1])
local max_waiters = tonumber(ARGV[#ARGV])

local allowed, remaining, retry, reset, index = deciding_limit(check, n)
if allowed == 1 and cost > 0 then
  for i = 1, n do
    commit(i)
  end
end
if allowed == 1 or cost == 0 or retry == -1 or retry > max_wait then
  return {allowed, remaining, retry, reset, index}
end

local waiters = KEYS[n + 1]
if max_waiters > 0 then
  redis.call('ZREMRANGEBYSCORE', waiters, '-inf', int(now))   -- their slots have come: no longer waiting
  if redis.call('ZCARD', waiters) >= max_waiters then
    return {allowed, remaining, retry, reset, index}
  end
end

-- Every limit passes at the slot: the deciding one just does (retry is rounded up), the others sooner.
local slot = now + retry * 1000
local real_now = now
now = slot
local full_at_slot = 0
for i = 1, n do
  local _, _, _, full = check(i)
  if i == index then full_at_slot = full end
end
now = real_now

local reply = {1, 0, 0, retry + full_at_slot, index, retry, slot}
local ids = {}
for i = 1, n do
  local previous = redis.call('GET', KEYS[i])
  local expiry = previous and redis.call('PEXPIRETIME', KEYS[i]) or -1
  if previous and expiry ~= -1 and expiry * 1000 <= now then
    previous, expiry = false, -1                -- past its expiry: gone, on a test's clock too
  end
  local written = reserve(i, slot)
  reply[#reply + 1] = written
  reply[#reply + 1] = previous or ''
  reply[#reply + 1] = expiry
  ids[i] = written
end
if max_waiters > 0 then
  redis.call('ZADD', waiters, slot, table.concat(ids, '|'))
  local until_ms = ceil(slot / 1000)
  if redis.call('PEXPIRETIME', waiters) < until_ms then
    redis.call('PEXPIREAT', waiters, int(until_ms))
  end
end
return reply
