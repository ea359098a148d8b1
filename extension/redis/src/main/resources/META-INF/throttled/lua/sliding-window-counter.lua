-- sliding-window-counter: the count of the current clock-aligned window plus the previous window's
-- count weighted by the share of it the rolling window still covers. Counts are the strings KEYS[i]:n
-- (same hash tag, same slot). Time is whole milliseconds here, so quantity × window stays exact up to
-- 366-day windows.
--
-- KEYS[i]      key stem of limit i
-- ARGV[2i+1]   window ms
-- ARGV[2i+2]   quantity per rolling window
-- An algorithm block: defines check and commit (what they take and return: prelude.lua).
local pending_key, pending_count, pending_at = {}, {}, {}   -- what commit(i) writes, and its expiry in ms

local function limit(i)
  return tonumber(ARGV[2 * i + 1]), tonumber(ARGV[2 * i + 2])
end

-- ms until the rolling window holds nothing, with c counted in the current window and prev in the one before
local function until_empty(c, prev, w, into)
  if c > 0 then return 2 * w - into elseif prev > 0 then return w - into else return 0 end
end

local function check(i)
  local w, q = limit(i)
  local ms = floor(now / 1000)
  local window = floor(ms / w)
  local into = ms - window * w
  local key = KEYS[i] .. ':' .. int(window)
  local c, p = read_states(key, KEYS[i] .. ':' .. int(window - 1))
  local curr, prev = tonumber(c or '0'), tonumber(p or '0')
  local used = floor(prev * (w - into) / w) + curr
  if cost <= q and used + cost <= q then
    pending_key[i], pending_count[i], pending_at[i] = key, curr + cost, (window + 2) * w   -- through the next window
    return 1, q - used - cost, 0, until_empty(curr + cost, prev, w, into)
  end
  if cost > q then
    return 0, max(0, q - used), -1, until_empty(curr, prev, w, into)
  end
  local wait
  if curr + cost <= q then
    -- later in this window, once the previous window's weight has faded enough
    wait = w - ceil((q - cost - curr + 1) * w / prev) + 1 - into
  else
    -- in the next window, where this window's count is the one that fades
    wait = w - into + w - ceil((q - cost + 1) * w / curr) + 1
  end
  return 0, max(0, q - used), wait, until_empty(curr, prev, w, into)
end

local function commit(i)
  write_state(pending_key[i], int(pending_count[i]), pending_at[i])
end
