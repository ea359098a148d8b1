-- throttled: the tail of a lease script (clock.lua, prelude.lua, the algorithm's file, then this file). A node
-- that sees a key hot gives back what its last lease left unused and takes a new lease of tokens, both in this
-- one call, on the server's clock. The ledger (a sorted set beside the limits' keys, in the same hash slot)
-- holds every lease out: member "id:tokens", score = when it ends (µs). A give-back counts only while its lease
-- is in the ledger, and never raises a bucket above its burst minus the tokens still out (refund(i, r, out) in
-- the algorithm's file): the bucket plus every token out on lease then grows only by the refill, which is what
-- bounds admissions by burst + rate × (T + lifetime) (see the README, "Token leases"). The least tokens worth a
-- lease are at least one call's cost: fewer available is a denial. Its KEYS, ARGV and reply: prelude.lua.
local n = tonumber(ARGV[#ARGV - 5])
local least = tonumber(ARGV[#ARGV - 4])
local lifetime = tonumber(ARGV[#ARGV - 3]) * 1000
local back_id = ARGV[#ARGV - 2]
local unused = tonumber(ARGV[#ARGV - 1])
local new_id = ARGV[#ARGV]
local ledger = KEYS[n + 1]
local want = cost

-- Leases whose time is up are no longer out: their tokens were used, or are lost to their node.
redis.call('ZREMRANGEBYSCORE', ledger, '-inf', now)
local out, leased = 0, nil
for _, member in ipairs(redis.call('ZRANGE', ledger, 0, -1)) do
  local sep = string.find(member, ':', 1, true)
  local tokens = tonumber(string.sub(member, sep + 1))
  if back_id ~= '' and string.sub(member, 1, sep - 1) == back_id then
    leased = tokens
    redis.call('ZREM', ledger, member)
  else
    out = out + tokens
  end
end
local given = 0
if leased and unused > 0 then
  local r = math.min(unused, leased)
  given = r
  for i = 1, n do
    given = math.min(given, refund(i, r, out))
  end
end

if want <= 0 then
  return {0, 0, 0, 0, 1, given}
end

-- What every limit could give now; the lease takes the least of that and what is wanted.
local available = want
for i = 1, n do
  local ok, left = check(i)
  if ok == 1 then left = left + cost end
  if left < available then available = left end
end
cost = available >= least and available or least

-- As decide.lua: all limits pass with that cost (a lease) or the wait for `least` tokens is reported.
local allowed, remaining, retry, reset, index = deciding_limit(check, n)
if allowed == 0 then
  return {0, remaining, retry, reset, index, given}
end
for i = 1, n do
  commit(i)
end
local ends = now + lifetime
redis.call('ZADD', ledger, ends, new_id .. ':' .. int(cost))
local last = redis.call('ZRANGE', ledger, -1, -1, 'WITHSCORES')
redis.call('PEXPIREAT', ledger, int(ceil(tonumber(last[2]) / 1000)))
return {cost, remaining, 0, reset, index, given}
