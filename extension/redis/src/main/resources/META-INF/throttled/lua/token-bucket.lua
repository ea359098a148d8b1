-- token-bucket, greedy refill: one string per limit "tk:ts:c" (tk = whole tokens, ts = µs of the last
-- take, c = carry). The bucket holds tk + c/W' tokens and gains one token every W' units (W'/Q' µs),
-- continuously, up to the burst. Same decisions as gcra; the state is easier to read.
--
-- KEYS[i]      state of limit i
-- ARGV[3i]     W': window µs ÷ g, one token in units of 1/Q' µs (g = gcd(window µs, quantity))
-- ARGV[3i+1]   Q': quantity ÷ g, units per µs
-- ARGV[3i+2]   burst: tokens the bucket holds
-- An algorithm block: defines check, commit, reserve, penalize and refund (what they take and return: prelude.lua).
local pending, pending_carry = {}, {}        -- what commit(i) writes: tokens left, carry

local function limit(i)
  return tonumber(ARGV[3 * i]), tonumber(ARGV[3 * i + 1]), tonumber(ARGV[3 * i + 2])
end

local function check(i)
  local w, q, burst = limit(i)
  local tokens, carry = burst, 0
  local state = read_state(KEYS[i])
  if state then
    local tk, ts, c = fields(state)
    tokens, carry = tk, c
    if carry >= w then carry = w - 1 end        -- written under another rate
    local elapsed = max(0, now - ts)
    if tokens >= burst or elapsed >= ceil(((burst - tokens) * w - carry) / q) then
      tokens, carry = burst, 0
    else
      local gained = elapsed * q + carry
      local whole = floor(gained / w)
      tokens, carry = tokens + whole, gained - whole * w
    end
  end
  local full = ceil(((burst - tokens) * w - carry) / (q * 1000))
  if cost > burst then
    return 0, max(0, tokens), -1, full
  end
  if tokens >= cost then
    local left = tokens - cost
    pending[i], pending_carry[i] = left, carry
    return 1, left, 0, ceil(((burst - left) * w - carry) / (q * 1000))
  end
  return 0, max(0, tokens), ceil(((cost - tokens) * w - carry) / (q * 1000)), full
end

local function commit(i)
  local w, q, burst = limit(i)
  local left, carry = pending[i], pending_carry[i]
  -- Once full again, a missing key reads exactly like this one: let it go then.
  write_state(KEYS[i], joined(left, now, carry), ceil((now + ceil(((burst - left) * w - carry) / q)) / 1000))
end

-- A reservation (reserve.lua): check(i) judged the take at the slot; written as of now, owing the refill
-- between now and the slot (tokens may go below zero), so every call before the slot sees the bucket as it
-- will be once the waiter has taken. Returns the state written.
local function reserve(i, slot)
  local w, q, burst = limit(i)
  local units = pending[i] * w + pending_carry[i] - (slot - now) * q
  local tokens = floor(units / w)
  local carry = units - tokens * w
  local state = joined(tokens, now, carry)
  write_state(KEYS[i], state, ceil((now + ceil((burst * w - units) / q)) / 1000))
  return state
end

-- A penalty (penalty.lua): nothing passes before at, one token does at at: the bucket holds W' - (at - now) × Q'
-- units now (a debt), unless it holds less already. Returns 1 when the state moved, 0 otherwise.
local function penalize(i, at)
  local w, q, burst = limit(i)
  local units = burst * w
  local state = read_state(KEYS[i])
  if state then
    local tk, ts, c = fields(state)
    if c >= w then c = w - 1 end
    local elapsed = max(0, now - ts)
    if tk < burst and elapsed < ceil(((burst - tk) * w - c) / q) then
      units = tk * w + c + elapsed * q
    end
  end
  local target = w - (at - now) * q
  if units <= target then return 0 end
  local tokens = floor(target / w)
  write_state(KEYS[i], joined(tokens, now, target - tokens * w), ceil((now + ceil((burst * w - target) / q)) / 1000))
  return 1
end

-- A lease's give-back (lease.lua): r unused tokens come back, but the bucket plus the tokens still out on lease
-- (out) never exceed the burst through a give-back: tokens = min(tokens + r, max(tokens, burst - out)).
-- Returns the whole tokens that came back.
local function refund(i, r, out)
  local w, q, burst = limit(i)
  local state = read_state(KEYS[i])
  if not state then return 0 end                -- full: nothing can come back
  local tk, ts, c = fields(state)
  if c >= w then c = w - 1 end
  local elapsed = max(0, now - ts)
  if tk >= burst or elapsed >= ceil(((burst - tk) * w - c) / q) then return 0 end
  local units = tk * w + c + elapsed * q
  local back = math.min(units + r * w, max(units, (burst - out) * w))
  if back <= units then return 0 end
  if back >= burst * w then
    redis.call('DEL', KEYS[i])
  else
    local tokens = floor(back / w)
    local carry = back - tokens * w
    write_state(KEYS[i], joined(tokens, now, carry), ceil((now + ceil((burst * w - back) / q)) / 1000))
  end
  return floor((back - units) / w)
end
