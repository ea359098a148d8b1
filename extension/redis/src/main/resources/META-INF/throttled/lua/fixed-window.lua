-- fixed-window: windows aligned to the server clock (window n covers [n × W, (n+1) × W) µs since the
-- epoch); the count of window n is the string KEYS[i]:n, which expires when the window closes.
-- Up to twice the quantity can pass across a boundary: the known trade-off of this algorithm.
--
-- KEYS[i]      key stem of limit i; KEYS[i]:n shares its hash tag, so its slot
-- ARGV[2i+1]   window µs
-- ARGV[2i+2]   quantity per window
-- An algorithm block: defines check and commit (what they take and return: prelude.lua).
local pending_key, pending_count, pending_at = {}, {}, {}   -- what commit(i) writes, and its expiry in ms

local function limit(i)
  return tonumber(ARGV[2 * i + 1]), tonumber(ARGV[2 * i + 2])
end

local function check(i)
  local w, q = limit(i)
  local window = floor(now / w)
  local key = KEYS[i] .. ':' .. int(window)
  local count = tonumber(read_state(key) or '0')
  local closes = ceil(((window + 1) * w - now) / 1000)
  if cost <= q and count + cost <= q then
    pending_key[i], pending_count[i], pending_at[i] = key, count + cost, (window + 1) * w / 1000
    return 1, q - count - cost, 0, (count + cost > 0) and closes or 0
  end
  local full = count > 0 and closes or 0
  if cost > q then
    return 0, max(0, q - count), -1, full
  end
  return 0, max(0, q - count), closes, full
end

local function commit(i)
  write_state(pending_key[i], int(pending_count[i]), pending_at[i])
end
