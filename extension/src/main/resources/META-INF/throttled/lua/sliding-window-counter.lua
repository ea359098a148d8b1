-- sliding-window-counter: the count of the current clock-aligned window plus the previous window's
-- count weighted by the share of it the rolling window still covers. Counts are the strings KEYS[i]:n
-- (same hash tag, same slot). Time is whole milliseconds here, so quantity × window stays exact up to
-- 366-day windows.
--
-- KEYS[i]      key stem of limit i
-- ARGV[2i+1]   window ms
-- ARGV[2i+2]   quantity per rolling window
local pending = {}

local function limit(i)
  return tonumber(ARGV[2 * i + 1]), tonumber(ARGV[2 * i + 2])
end

local function check(i)
  local w, q = limit(i)
  local ms = floor(now / 1000)
  local window = floor(ms / w)
  local into = ms - window * w
  local key = KEYS[i] .. ':' .. int(window)
  local counts = redis.call('MGET', key, KEYS[i] .. ':' .. int(window - 1))
  local curr, prev = tonumber(counts[1] or '0'), tonumber(counts[2] or '0')
  local used = floor(prev * (w - into) / w) + curr
  local function full(c)
    if c > 0 then return 2 * w - into elseif prev > 0 then return w - into else return 0 end
  end
  if cost <= q and used + cost <= q then
    pending[i] = {key, curr + cost, window}
    return 1, q - used - cost, 0, full(curr + cost)
  end
  if cost > q then
    return 0, max(0, q - used), -1, full(curr)
  end
  local wait
  if curr + cost <= q then
    -- later in this window, once the previous window's weight has faded enough
    wait = w - ceil((q - cost - curr + 1) * w / prev) + 1 - into
  else
    -- in the next window, where this window's count is the one that fades
    wait = w - into + w - ceil((q - cost + 1) * w / curr) + 1
  end
  return 0, max(0, q - used), wait, full(curr)
end

local function commit(i)
  local w = limit(i)
  local key, count, window = pending[i][1], pending[i][2], pending[i][3]
  -- kept through the next window, where it is the previous one
  redis.call('SET', key, int(count), 'PXAT', int((window + 2) * w))
end
