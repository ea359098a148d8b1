-- throttled: replace one policy's runtime overrides and tell every node, atomically.
--
-- KEYS[1]      the hash of all overrides: field "throttled.policy.<name>.<field>" = value
-- ARGV[1]      the channel nodes listen on
-- ARGV[2]      the notice to publish
-- ARGV[3]      n: how many hash fields to delete first (every field of the policy)
-- ARGV[4..3+n] those fields
-- ARGV[4+n..]  field, value pairs to set (none: the policy's overrides are dropped)
local n = tonumber(ARGV[3])
for i = 4, 3 + n do
  redis.call('HDEL', KEYS[1], ARGV[i])
end
for i = 4 + n, #ARGV, 2 do
  redis.call('HSET', KEYS[1], ARGV[i], ARGV[i + 1])
end
return redis.call('PUBLISH', ARGV[1], ARGV[2])
