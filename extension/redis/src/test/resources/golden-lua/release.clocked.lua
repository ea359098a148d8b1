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
-- throttled: gives back a reservation (reserve.lua) in one call. The slot returns only when it is the last
-- one: every limit still holds exactly the state the reservation wrote (nothing taken since, or all of it
-- given back already). Then each limit gets back the state it replaced, with that state's expiry, as if the
-- reservation had never been made. Otherwise nothing returns: later reservations were scheduled after this
-- slot, and handing it out again would let the limit be exceeded. Either way the waiter stops counting.
--
-- KEYS[1..n]   the limits' states; KEYS[n+1] the bucket's waiters, when counted
-- ARGV[1]      n
-- ARGV[2]      now in µs, sent by tests only; '' = the server clock (a state past its expiry is gone)
-- ARGV[3]      the waiter's id in the waiters set
-- ARGV[3i+1]   the state limit i was given by the reservation
-- ARGV[3i+2]   the state it replaced ('' = none)
-- ARGV[3i+3]   that state's expiry in ms (-1 = none)
-- Returns 1 when the slot went back, 0 when the gap stays.
local n = tonumber(ARGV[1])
if #KEYS > n then
  redis.call('ZREM', KEYS[n + 1], ARGV[3])
end
for i = 1, n do
  if redis.call('GET', KEYS[i]) ~= ARGV[3 * i + 1] or redis.call('PEXPIRETIME', KEYS[i]) * 1000 <= now then
    return 0
  end
end
for i = 1, n do
  local previous, expiry = ARGV[3 * i + 2], ARGV[3 * i + 3]
  if previous == '' then
    redis.call('DEL', KEYS[i])
  elseif expiry == '-1' then
    redis.call('SET', KEYS[i], previous)
  else
    redis.call('SET', KEYS[i], previous, 'PXAT', expiry)
  end
end
return 1
