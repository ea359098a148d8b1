-- token-bucket, interval refill (the Redis docs' script): one string per limit "tk:ts" (tk = tokens, ts = µs
-- of the last refill step). Every whole window after ts adds the quantity, up to the burst. A full bucket
-- restarts its refill clock on the next take, so a full bucket and a missing key decide alike.
--
-- KEYS[i]      state of limit i
-- ARGV[3i]     window µs: the refill interval
-- ARGV[3i+1]   quantity: tokens added per interval
-- ARGV[3i+2]   burst: tokens the bucket holds
local pending = {}

local function limit(i)
  return tonumber(ARGV[3 * i]), tonumber(ARGV[3 * i + 1]), tonumber(ARGV[3 * i + 2])
end

-- ms until n more tokens have arrived; refill steps count from since
local function steps_wait(n, since, w, q)
  if n <= 0 then return 0 end
  return ceil((since + ceil(n / q) * w - now) / 1000)
end

local function check(i)
  local w, q, burst = limit(i)
  local tokens, since = burst, now
  local state = redis.call('GET', KEYS[i])
  if state then
    tokens, since = fields(state)
    local steps = floor(max(0, now - since) / w)
    if tokens >= burst or steps >= ceil((burst - tokens) / q) then
      tokens, since = burst, now
    elseif steps > 0 then
      tokens, since = tokens + steps * q, since + steps * w
    end
  end
  if cost > burst then
    return 0, tokens, -1, steps_wait(burst - tokens, since, w, q)
  end
  if tokens >= cost then
    local left = tokens - cost
    pending[i] = {left, since}
    return 1, left, 0, steps_wait(burst - left, since, w, q)
  end
  return 0, tokens, steps_wait(cost - tokens, since, w, q), steps_wait(burst - tokens, since, w, q)
end

local function commit(i)
  local w, q, burst = limit(i)
  local left, since = pending[i][1], pending[i][2]
  redis.call('SET', KEYS[i], int(left) .. ':' .. int(since),
    'PXAT', int(ceil((since + ceil((burst - left) / q) * w) / 1000)))
end
