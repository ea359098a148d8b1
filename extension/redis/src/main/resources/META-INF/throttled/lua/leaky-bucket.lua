-- leaky-bucket, policing (the Redis docs' variant): one string per limit "lv:ts:c" (lv = level, ts = µs
-- of the last admission, c = carry). Each admission pours its cost in; the bucket drains one unit every W' units
-- (W'/Q' µs), so it holds lv - c/W'. A request that would overflow the burst is refused at once.
--
-- KEYS[i]      state of limit i
-- ARGV[3i]     W': window µs ÷ g, one unit of drain in units of 1/Q' µs (g = gcd(window µs, quantity))
-- ARGV[3i+1]   Q': quantity ÷ g, units per µs
-- ARGV[3i+2]   burst: the bucket's capacity
-- An algorithm block: defines check, commit, reserve, penalize and refund (what they take and return: prelude.lua).
local pending, pending_carry = {}, {}        -- what commit(i) writes: level, carry

local function limit(i)
  return tonumber(ARGV[3 * i]), tonumber(ARGV[3 * i + 1]), tonumber(ARGV[3 * i + 2])
end

local function check(i)
  local w, q, burst = limit(i)
  local level, carry = 0, 0
  local state = read_state(KEYS[i])
  if state then
    local lv, ts, c = fields(state)
    level, carry = lv, c
    if carry >= w then carry = w - 1 end        -- written under another rate
    local elapsed = max(0, now - ts)
    if level <= 0 or elapsed >= ceil((level * w - carry) / q) then
      level, carry = 0, 0
    else
      local drained = elapsed * q + carry
      local whole = floor(drained / w)
      level, carry = level - whole, drained - whole * w
    end
  end
  local room = max(0, burst - level)
  local empty = ceil((level * w - carry) / (q * 1000))
  if cost > burst then
    return 0, room, -1, empty
  end
  if level + cost <= burst then
    local filled = level + cost
    pending[i], pending_carry[i] = filled, carry
    return 1, burst - filled, 0, ceil((filled * w - carry) / (q * 1000))
  end
  return 0, room, ceil(((level + cost - burst) * w - carry) / (q * 1000)), empty
end

local function commit(i)
  local w, q = limit(i)
  local filled, carry = pending[i], pending_carry[i]
  -- Once empty, a missing key reads exactly like this one: let it go then.
  write_state(KEYS[i], joined(filled, now, carry), ceil((now + ceil((filled * w - carry) / q)) / 1000))
end

-- A reservation (reserve.lua; nginx's queue): check(i) judged the pour at the slot; written as of now, with
-- what drains between now and the slot still in (the level may stand above the burst), so every call before
-- the slot sees the bucket as it will be once the waiter has poured. Returns the state written.
local function reserve(i, slot)
  local w, q = limit(i)
  local units = pending[i] * w - pending_carry[i] + (slot - now) * q
  local level = ceil(units / w)
  local carry = level * w - units
  local state = joined(level, now, carry)
  write_state(KEYS[i], state, ceil((now + ceil(units / q)) / 1000))
  return state
end

-- A penalty (penalty.lua): nothing passes before at, one unit does at at: the bucket stands (burst - 1) × W'
-- + (at - now) × Q' units high now (above its brim), unless it stands higher. Returns 1 when it moved, else 0.
local function penalize(i, at)
  local w, q, burst = limit(i)
  local units = 0
  local state = read_state(KEYS[i])
  if state then
    local lv, ts, c = fields(state)
    if c >= w then c = w - 1 end
    local elapsed = max(0, now - ts)
    if lv > 0 and elapsed < ceil((lv * w - c) / q) then
      units = lv * w - c - elapsed * q
    end
  end
  local target = (burst - 1) * w + (at - now) * q
  if units >= target then return 0 end
  local level = ceil(target / w)
  write_state(KEYS[i], joined(level, now, level * w - target), ceil((now + ceil(target / q)) / 1000))
  return 1
end

-- A lease's give-back (lease.lua): r unused units drain out at once, but the room in the bucket plus the tokens
-- still out on lease (out) never exceed the burst through a give-back: the level stays at least out, unless it
-- was lower already. Returns the whole units that came back.
local function refund(i, r, out)
  local w, q = limit(i)
  local state = read_state(KEYS[i])
  if not state then return 0 end                -- empty: nothing can come back
  local lv, ts, c = fields(state)
  if c >= w then c = w - 1 end
  local elapsed = max(0, now - ts)
  if lv <= 0 or elapsed >= ceil((lv * w - c) / q) then return 0 end
  local units = lv * w - c - elapsed * q
  local back = max(units - r * w, math.min(units, out * w))
  if back >= units then return 0 end
  if back <= 0 then
    redis.call('DEL', KEYS[i])
  else
    local level = ceil(back / w)
    write_state(KEYS[i], joined(level, now, level * w - back), ceil((now + ceil(back / q)) / 1000))
  end
  return floor((units - back) / w)
end
