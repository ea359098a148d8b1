-- gcra: one string per limit, the theoretical arrival time (TAT) "a" or "a:f", meaning a + f/Q' µs.
-- The bucket is full when the TAT is not ahead of now; each token pushes it W' units (W'/Q' µs) further,
-- and a request passes while the TAT stays within burst × W' units of now.
--
-- KEYS[i]      TAT of limit i
-- ARGV[3i]     W': window µs ÷ g, the length of one token in units of 1/Q' µs (g = gcd(window µs, quantity))
-- ARGV[3i+1]   Q': quantity ÷ g, units per µs
-- ARGV[3i+2]   burst: tokens the bucket holds
-- An algorithm block: defines check, commit, reserve, penalize and refund (what they take and return: prelude.lua).
local pending = {}

local function limit(i)
  return tonumber(ARGV[3 * i]), tonumber(ARGV[3 * i + 1]), tonumber(ARGV[3 * i + 2])
end

-- The TAT as a and f (a + f/Q' µs), or nil when there is none.
local function read_tat(i, q)
  local tat = read_state(KEYS[i])
  if not tat then return nil end
  local a, f
  if tat == last then                           -- the TAT joined() wrote last (prelude.lua): its numbers
    a, f = last_a, last_b
  else
    local sep = string.find(tat, ':', 1, true)
    if not sep then return tonumber(tat), 0 end
    a, f = tonumber(string.sub(tat, 1, sep - 1)), tonumber(string.sub(tat, sep + 1))
  end
  if f >= q then f = q - 1 end                  -- written under another rate
  return a, f
end

local function check(i)
  local w, q, burst = limit(i)
  local tau = burst * w
  local ahead = 0                               -- units the TAT lies ahead of now
  local a, f = read_tat(i, q)
  if a and a >= now then ahead = (a - now) * q + f end
  local left = max(0, floor((tau - ahead) / w))
  local full = ceil(ahead / (q * 1000))
  if cost > burst then
    return 0, left, -1, full
  end
  local after = ahead + cost * w
  if after <= tau then
    pending[i] = after
    return 1, floor((tau - after) / w), 0, ceil(after / (q * 1000))
  end
  return 0, left, ceil((after - tau) / (q * 1000)), full
end

-- Writes the TAT that lies after units ahead of the time from.
local function write(i, from)
  local _, q = limit(i)
  local after = pending[i]
  local whole = floor(after / q)
  local f = after - whole * q
  local a = from + whole
  local value
  if f > 0 then
    value = joined(a, f)
    a = a + 1
  else
    value = int(a)
  end
  -- Once the TAT has passed, a missing key reads exactly like this one: let it go then.
  write_state(KEYS[i], value, ceil(a / 1000))
  return value
end

local function commit(i)
  write(i, now)
end

-- A reservation (reserve.lua): check(i) judged the take at the slot; the TAT is absolute, so it is written as
-- the take at the slot would write it. Returns the state written.
local function reserve(i, slot)
  return write(i, slot)
end

-- A penalty (penalty.lua): nothing passes before at, one token does at at. The TAT must lie (burst - 1) × W'
-- units after at; a TAT already further on stays. Returns 1 when the state moved, 0 when it was far enough.
local function penalize(i, at)
  local w, q, burst = limit(i)
  local least = (burst - 1) * w
  local a, f = read_tat(i, q)
  if a and (a - at) * q + f >= least then return 0 end
  pending[i] = least
  write(i, at)
  return 1
end

-- A lease's give-back (lease.lua): r unused tokens come back (the TAT moves back r × W' units), but the bucket
-- plus the tokens still out on lease (out) never exceed the burst through a give-back: the TAT stays at least
-- out × W' units ahead of now, unless it was less ahead already. Returns the whole tokens that came back.
local function refund(i, r, out)
  local w, q = limit(i)
  local a, f = read_tat(i, q)
  if not a or a < now then return 0 end         -- full: nothing can come back
  local ahead = (a - now) * q + f
  local back = max(ahead - r * w, math.min(ahead, out * w))
  if back >= ahead then return 0 end
  if back <= 0 then
    redis.call('DEL', KEYS[i])
  else
    pending[i] = back
    write(i, now)
  end
  return floor((ahead - back) / w)
end
