-- sliding-window-log: one sorted set per limit, one member per admitted unit, scored by its µs
-- timestamp. A unit counts while it is younger than the window: an exact rolling window, at the price
-- of memory that grows with the quantity (ExactArithmetic caps it).
--
-- KEYS[i]      sorted set of limit i
-- ARGV[2i+1]   window µs
-- ARGV[2i+2]   quantity per rolling window
-- An algorithm block: defines check and commit (what they take and return: prelude.lua).
local pending = {}

local function limit(i)
  return tonumber(ARGV[2 * i + 1]), tonumber(ARGV[2 * i + 2])
end

-- ms until the newest entry leaves the window, when everything is back
local function until_empty(key, count, w)
  if count == 0 then return 0 end
  local newest = redis.call('ZRANGE', key, -1, -1, 'WITHSCORES')
  return ceil((tonumber(newest[2]) + w - now) / 1000)
end

local function check(i)
  local w, q = limit(i)
  local key = KEYS[i]
  redis.call('ZREMRANGEBYSCORE', key, '-inf', int(now - w))
  local count = redis.call('ZCARD', key)
  if cost <= q and count + cost <= q then
    pending[i] = count
    local full = cost > 0 and ceil(w / 1000) or until_empty(key, count, w)
    return 1, q - count - cost, 0, full
  end
  local full = until_empty(key, count, w)
  if cost > q then
    return 0, max(0, q - count), -1, full
  end
  -- the request fits once the (count + cost - q) oldest units have left the window
  local nth = count + cost - q - 1
  local oldest = redis.call('ZRANGE', key, nth, nth, 'WITHSCORES')
  return 0, max(0, q - count), ceil((tonumber(oldest[2]) + w - now) / 1000), full
end

local function commit(i)
  local w = limit(i)
  local key, count = KEYS[i], pending[i]
  local stamp = int(now)
  local batch = {}
  for j = 1, cost do
    batch[#batch + 1] = stamp
    batch[#batch + 1] = stamp .. '-' .. int(count + j)   -- unique: count only grows at one instant
    if #batch == 1000 or j == cost then                  -- unpack() has a stack limit
      redis.call('ZADD', key, unpack(batch))
      batch = {}
    end
  end
  redis.call('PEXPIREAT', key, int(ceil((now + w) / 1000)))
end
