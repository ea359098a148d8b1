-- token-bucket, interval refill (the Redis docs' script): one string per limit "tk:ts" (tk = tokens, ts = µs
-- of the last refill step). Every whole window after ts adds the quantity, up to the burst. A full bucket
-- restarts its refill clock on the next take, so a full bucket and a missing key decide alike.
--
-- KEYS[i]      state of limit i
-- ARGV[3i]     window µs: the refill interval
-- ARGV[3i+1]   quantity: tokens added per interval
-- ARGV[3i+2]   burst: tokens the bucket holds
-- An algorithm block: defines check, commit, reserve and penalize (what they take and return: prelude.lua).
local pending, pending_since = {}, {}        -- what commit(i) writes: tokens left, refill step

local function limit(i)
  return tonumber(ARGV[3 * i]), tonumber(ARGV[3 * i + 1]), tonumber(ARGV[3 * i + 2])
end

-- ms until n more tokens have arrived; refill steps count from since
local function steps_wait(n, since, w, q)
  if n <= 0 then return 0 end
  return ceil((since + ceil(n / q) * w - now) / 1000)
end

-- The bucket now: its tokens and the step they count from (a full bucket restarts its refill clock).
local function refilled(i, w, q, burst)
  local state = read_state(KEYS[i])
  if not state then return burst, now end
  local tokens, since = fields(state)
  local steps = floor(max(0, now - since) / w)
  if tokens >= burst or steps >= ceil((burst - tokens) / q) then
    return burst, now
  end
  return tokens + steps * q, since + steps * w
end

local function check(i)
  local w, q, burst = limit(i)
  local tokens, since = refilled(i, w, q, burst)
  if cost > burst then
    return 0, max(0, tokens), -1, steps_wait(burst - tokens, since, w, q)
  end
  if tokens >= cost then
    local left = tokens - cost
    pending[i], pending_since[i] = left, since
    return 1, left, 0, steps_wait(burst - left, since, w, q)
  end
  return 0, max(0, tokens), steps_wait(cost - tokens, since, w, q), steps_wait(burst - tokens, since, w, q)
end

local function commit(i)
  local w, q, burst = limit(i)
  local left, since = pending[i], pending_since[i]
  write_state(KEYS[i], joined(left, since), ceil((since + ceil((burst - left) / q) * w) / 1000))
end

-- A reservation (reserve.lua): check(i) judged the take at the slot, refill steps counted from since. Written
-- as of now: k steps earlier and k quantities fewer (tokens may go below zero), the fewest k that puts the
-- first step at or before now, so the bucket reaches exactly that state at the slot and every call before
-- it sees no more than that. Returns the state written.
local function reserve(i, slot)
  local w, q, burst = limit(i)
  local left, since = pending[i], pending_since[i]
  local k = max(0, ceil((since - now) / w))
  local tokens, from = left - k * q, since - k * w
  local state = joined(tokens, from)
  write_state(KEYS[i], state, ceil((from + ceil((burst - tokens) / q) * w) / 1000))
  return state
end

-- A penalty (penalty.lua): no token arrives before at. With m refill steps before at, the bucket holds -m × the
-- quantity now, so the first step at or after at brings the first token; a bucket lower already stays.
-- Returns 1 when the state moved, 0 otherwise.
local function penalize(i, at)
  local w, q, burst = limit(i)
  local tokens, since = refilled(i, w, q, burst)
  local target = -max(0, ceil((at - since) / w) - 1) * q
  if tokens <= target then return 0 end
  write_state(KEYS[i], joined(target, since), ceil((since + ceil((burst - target) / q) * w) / 1000))
  return 1
end
