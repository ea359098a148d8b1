-- throttled: the head of every decision script. A script is clock.lua (which sets now), this file, then
-- one algorithm file (which names KEYS[i] and its per-limit ARGV), then decide.lua; LuaScript joins them
-- at load time.
--
-- ARGV[1]  cost: tokens to take from every limit of the policy; 0 = peek (report, take nothing)
-- ARGV[2]  now in µs, sent by tests only; '' = the Redis server's clock, the same for every app node
local cost = tonumber(ARGV[1])

-- Every number below stays under 2^52 (ExactArithmetic checks each limit), where a double holds any
-- integer and floor/ceil of a quotient are exact. Numbers go to Redis as integer text, never as %.14g.
local floor, ceil, max = math.floor, math.ceil, math.max
local format = string.format
local function int(x)
  return format('%d', x)
end
-- A state's integers joined by ':' in one format call: a call per field and the concatenations cost twice as much,
-- about 0.4 µs a write.
local function joined(a, b, c)
  if c == nil then
    return format('%d:%d', a, b)
  end
  return format('%d:%d:%d', a, b, c)
end

-- A bucket's state is one string of integers joined by ':' ("tokens:µs:carry"): one GET to read it and
-- one SET ... PXAT to write it with its expiry, fewer commands and bytes than a hash with PEXPIREAT.
local find, sub = string.find, string.sub
local function fields(state)
  local a = find(state, ':', 1, true)
  local b = find(state, ':', a + 1, true)
  if not b then
    return tonumber(sub(state, 1, a - 1)), tonumber(sub(state, a + 1))
  end
  return tonumber(sub(state, 1, a - 1)), tonumber(sub(state, a + 1, b - 1)), tonumber(sub(state, b + 1))
end
