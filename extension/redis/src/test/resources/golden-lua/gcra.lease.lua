-- throttled: the first lines of every script that reads the time. The Redis server's clock decides, the
-- same for every app node; only tests send their own.
--
-- ARGV[2]  now in µs, sent by tests only; '' = the server clock
local now
if ARGV[2] == '' then
  local t = redis.call('TIME')
  now = t[1] * 1000000 + t[2]
else
  now = tonumber(ARGV[2])
end
-- throttled: the head of every decision, reservation, penalty, lease, group and batch script, and the one place the
-- protocol between the Lua blocks is written. LuaScript joins the blocks as text when it loads them; the golden files
-- (extension/redis/src/test/resources/golden-lua/) are every script as Redis receives it.
--
-- NAMES. Every name is a local (Redis refuses to create globals), so a block sees what the blocks before it define
-- and nothing after it, and a block that defines a name again shadows it for the blocks after it: batch-state.lua
-- replaces the state functions of this file that way. A local used by a function is one of its upvalues: Lua 5.1
-- allows 60 upvalues and 200 locals per function, the script's main chunk included.
--
-- THE SCRIPTS (LuaScript, AlgorithmScript; n = the policy's limits, in its order):
--   decision     clock.lua, prelude.lua, <algorithm>.lua, decide.lua
--   reservation  clock.lua, prelude.lua, <algorithm>.lua, reserve.lua   (algorithms with reserve and penalize)
--   penalty      clock.lua, prelude.lua, <algorithm>.lua, penalty.lua   (the same algorithms)
--   lease        clock.lua, prelude.lua, <algorithm>.lua, lease.lua     (algorithms with refund)
--   group        clock.lua, prelude.lua, the algorithms' files and decide.lua wrapped (GROUP AND BATCH), group.lua
--   batch        clock.lua, prelude.lua, batch-state.lua when requests share a key else batch-direct.lua, the
--                wrapped files as a group's, batch.lua
--   bucket.lua and release.lua after clock.lua only, overrides.lua alone: they call no block, and their own header
--   says again what they take.
--
-- KEYS AND ARGV. In every script that reads the clock ARGV[2] is now in µs, sent by tests only ('' = the Redis
-- server's clock, the same for every app node; clock.lua reads it). In the scripts of one policy (decision,
-- reservation, penalty, lease), and in each request's own ARGV of a group or batch (GROUP AND BATCH), ARGV[1] is the
-- cost, the tokens to take from every limit of the policy (0 = peek: report, take nothing), KEYS[i] is limit i's key
-- (or key stem, for the windowed algorithms), and from ARGV[3] on come the limits' values, limit after limit, as
-- AlgorithmScript.addArguments writes them and the algorithm's file reads them (its limit(i)):
--   token-bucket, gcra, leaky-bucket  ARGV[3i], ARGV[3i+1], ARGV[3i+2]  W' (window µs ÷ g), Q' (quantity ÷ g), burst
--   token-bucket-interval             ARGV[3i], ARGV[3i+1], ARGV[3i+2]  window µs, quantity, burst
--   fixed-window, sliding-window-log  ARGV[2i+1], ARGV[2i+2]            window µs, quantity
--   sliding-window-counter            ARGV[2i+1], ARGV[2i+2]            window ms, quantity
-- A tail's own values come after them, and it reads them from the end (ARGV[#ARGV - k]).
--   decision     Returns {allowed, remaining, retry_after_ms, reset_after_ms, index_of_deciding_limit}: "the reply".
--   reservation  KEYS[n+1] the bucket's waiters, only when max-waiters bounds them (a sorted set: slot µs by id);
--                ARGV[#ARGV-2] n, ARGV[#ARGV-1] max-wait ms, ARGV[#ARGV] max-waiters (0 = no bound but max-wait).
--                Returns the reply, or for a reservation {1, 0, 0, reset_after_ms, index, wait_ms, slot_µs} and per
--                limit the state written, the state it replaced ('' = none) and that state's expiry in ms (-1 =
--                none): what release.lua takes to give the slot back.
--   penalty      ARGV[1] '1', unused; ARGV[#ARGV-1] n, ARGV[#ARGV] the wait in ms. Returns how many limits moved.
--   lease        ARGV[1] the tokens wanted (0 = give back only); KEYS[n+1] the ledger of leases out (member
--                "id:tokens", score = when it ends, µs); ARGV[#ARGV-5] n, ARGV[#ARGV-4] least (the fewest tokens
--                worth a lease), ARGV[#ARGV-3] the lifetime in ms, ARGV[#ARGV-2] the id of the lease given back ('' =
--                none), ARGV[#ARGV-1] its tokens left unused, ARGV[#ARGV] the new lease's id. Returns {granted,
--                remaining, retry_after_ms, reset_after_ms, index, tokens_given_back}: granted 0 = denied, and
--                retry_after_ms is then the wait for `least` tokens.
--   group        ARGV[1] r, the requests (cost reads it here and means nothing: each request has its own), ARGV[3]
--                '1' = check only, take nothing; then per request its algorithm's number in `algorithms`, k (its
--                limits), its cost, '1' when enforced (a denied shadow request stops no other), m and m values (its
--                own ARGV[3..]). KEYS: the k keys of each request in turn. Returns a reply per request; all take,
--                or none when an enforced one was denied.
--   batch        ARGV[1] r, the requests; then per request its algorithm's number, k, cost, m and m values, or '0'
--                alone (the request before, again, on its keys) or '-' alone (the request before's values, on k keys
--                of its own). KEYS: the keys of each request but a '0'. Returns per request its reply, or the error
--                that request met alone.
--   bucket.lua   KEYS[i] limit i's key (stem); ARGV[1] 'ttl' or 'reset', ARGV[2] now, ARGV[2+i] limit i's window µs
--                when it keeps a key per window, else 0. Returns the longest PTTL in ms (-2: no key) or the keys
--                removed.
--   release.lua  KEYS[1..n], KEYS[n+1] the waiters when counted; ARGV[1] n, ARGV[2] now, ARGV[3] the waiter's id,
--                ARGV[3i+1..3i+3] the state limit i was given, the one it replaced and its expiry (a reservation's
--                reply). Returns 1 when the slot went back, 0 when it stays.
--   overrides.lua KEYS[1] the overrides hash; ARGV[1] the channel, ARGV[2] the notice, ARGV[3] d, ARGV[4..3+d] the
--                fields to delete, then field, value pairs to set. Returns what PUBLISH returns.
--
-- WHAT EACH BLOCK DEFINES. clock.lua: now, µs (reserve.lua moves it to a slot and back). This file: cost (ARGV[1] as a
-- number; lease.lua sets it to the tokens it leases), floor, ceil, max, format, int(x), joined(a, b[, c]) and
-- fields(state) with last, last_a, last_b, last_c, find, sub, read_state(key), write_state(key, value, at_ms),
-- read_states(a, b) and deciding_limit(check, n), each explained where it is defined.
-- An algorithm file reads KEYS[i], its values, cost and now, and defines:
--   check(i)   judges limit i for cost at now and remembers what commit(i) would write; it writes nothing a decision
--              reads (the sliding log prunes only members past its window). Returns ok (1 = passes, else 0), left
--              (what is left: after the take when ok, else now; never below 0), wait (ms until cost could pass: 0
--              when ok, -1 when it never can, cost being above what the limit holds) and full (ms until the limit is
--              as an untouched one: after the take when ok). It may run again for the same i (a batch's repeat of a
--              request, a reservation's look at its slot, a lease's second look): commit(i) writes what the last run
--              remembered.
--   commit(i)  writes what the last check(i) remembered; only after that check passed, at the same now and cost.
--   and, where AlgorithmScript says the file has them (it assembles the scripts that call them only then):
--   reserve(i, slot)   after check(i) passed with now = slot: writes as of now the state the take at the slot would
--                      leave; returns that state (release.lua compares it).
--   penalize(i, at)    nothing passes limit i before at (µs), one unit does at at. Returns 1 when it moved, else 0.
--   refund(i, r, out)  gives back up to r unused tokens, never above the burst less out (tokens still on lease).
--                      Returns the whole tokens that came back.
--   It reads and writes its string states through read_state, write_state and read_states, with an expiry of whole
--   ms at which the state reads as no state, so that a batch can keep them (BATCH STATE); any other redis.call is
--   right too, and makes a batch write what it kept first.
-- A tail (decide.lua, reserve.lua, penalty.lua, lease.lua) runs once after the algorithm file: it reads its own ARGV
-- and KEYS[n+1], calls check, commit, reserve, penalize or refund for i = 1..n, decides with deciding_limit and
-- returns the script's reply.
--
-- GROUP AND BATCH. LuaScript wraps each algorithm file, unchanged, as
--   local function <name>(KEYS, ARGV, cost) <the file> return check, commit end      (<name>: token_bucket, gcra, ...)
-- whose parameters shadow the script's: each call makes a request's own check and commit, over its keys, its ARGV
-- ({cost, now, its values}: the same positions; in a batch the values are numbers already) and its cost; reserve,
-- penalize and refund go unused. decide.lua becomes decide(check, commit, KEYS, cost), which returns the reply, and
-- `algorithms` lists the wrapped functions, numbered from 1 in AlgorithmScripts.ALGORITHMS' order. group.lua and
-- batch.lua call decide, the functions in algorithms and the check and commit those return, nothing else of a block.
--
-- BATCH STATE. batch.lua calls flush() once, before it returns: batch-direct.lua defines it to do nothing.
-- batch-state.lua defines flush() and shadows read_state, write_state, read_states and redis, whose call it replaces:
-- its redis is setmetatable({call = call}, {__index = the server's redis}), so every other field (status_reply,
-- error_reply, ...) is the server's. Its call answers GET and MGET from the states it keeps and keeps SET key value
-- PXAT t, writing each key once at flush(); any other command first writes what is kept. Every reply is the one the
-- requests would get alone.
local cost = tonumber(ARGV[1])

-- Every number below stays under 2^52 (ExactArithmetic checks each limit), where a double holds any
-- integer and floor/ceil of a quotient are exact. Numbers go to Redis as integer text, never as %.14g.
local floor, ceil, max = math.floor, math.ceil, math.max
local format = string.format
local function int(x)
  return format('%d', x)
end
-- A state's integers joined by ':' in one format call: a call per field and the concatenations cost twice as much,
-- about 0.4 µs a write. It also keeps the last state it joined and its numbers as fields() would read them back:
-- in a batch, the next request on a hot key reads the state the one before it wrote (batch-state.lua) and need not
-- parse it. Kept for whole numbers only (all of them are; %d would drop a fraction); + 0 turns a -0 into the 0
-- that parsing gives.
local last, last_a, last_b, last_c
local function joined(a, b, c)
  local state
  if c == nil then
    state = format('%d:%d', a, b)
  else
    state = format('%d:%d:%d', a, b, c)
  end
  if a % 1 == 0 and b % 1 == 0 and (c == nil or c % 1 == 0) then
    last, last_a, last_b, last_c = state, a + 0, b + 0, c and c + 0
  else
    last = nil
  end
  return state
end

-- A bucket's state is one string of integers joined by ':' ("tokens:µs:carry"): one GET to read it and
-- one SET ... PXAT to write it with its expiry, fewer commands and bytes than a hash with PEXPIREAT.
local find, sub = string.find, string.sub
local function fields(state)
  if state == last then
    return last_a, last_b, last_c
  end
  local a = find(state, ':', 1, true)
  local b = find(state, ':', a + 1, true)
  if not b then
    return tonumber(sub(state, 1, a - 1)), tonumber(sub(state, a + 1))
  end
  return tonumber(sub(state, 1, a - 1)), tonumber(sub(state, a + 1, b - 1)), tonumber(sub(state, b + 1))
end

-- Every algorithm whose states are strings (all but the sliding log) reads and writes them through these three. A
-- batch whose requests share a key (batch-state.lua) replaces them with its own, which keep the states in Lua
-- between the requests and write each key once; as functions of their own they cost a batch less than a
-- redis.call it intercepts (no varargs, no expiry formatted and parsed back per request). at: the expiry in ms
-- since the epoch, a whole number.
local function read_state(key)
  return redis.call('GET', key)
end
local function write_state(key, value, at)
  redis.call('SET', key, value, 'PXAT', int(at))
end
-- Two states in one MGET (a key of another type reads as none).
local function read_states(a, b)
  local values = redis.call('MGET', a, b)
  return values[1], values[2]
end

-- The deciding limit of limits 1..n, each judged by check(i): a request passes all of them or none. Denied, it is the
-- limit with the longest wait (one the request can never pass, wait -1, before any); allowed, the one with the least
-- left. Returns allowed (1 or 0), remaining, retry_after_ms, reset_after_ms and that limit's index: decide.lua's
-- reply. decide.lua, reserve.lua and lease.lua (and so group and batch scripts) all decide with it, so that they
-- cannot drift apart; its Java twin is Bucket.check with Bucket.decides.
local function deciding_limit(check, n)
  local allowed, remaining, retry, reset, index = 1, nil, 0, 0, 1
  for i = 1, n do
    local ok, left, wait, full = check(i)
    if ok == 1 then
      if allowed == 1 and (remaining == nil or left < remaining) then
        remaining, reset, index = left, full, i
      end
    elseif allowed == 1 or (retry ~= -1 and (wait == -1 or wait > retry)) then
      allowed, remaining, retry, reset, index = 0, left, wait, full, i
    end
  end
  return allowed, remaining, retry, reset, index
end
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
-- throttled: the tail of a lease script (clock.lua, prelude.lua, the algorithm's file, then this file). A node
-- that sees a key hot gives back what its last lease left unused and takes a new lease of tokens, both in this
-- one call, on the server's clock. The ledger (a sorted set beside the limits' keys, in the same hash slot)
-- holds every lease out: member "id:tokens", score = when it ends (µs). A give-back counts only while its lease
-- is in the ledger, and never raises a bucket above its burst minus the tokens still out (refund(i, r, out) in
-- the algorithm's file): the bucket plus every token out on lease then grows only by the refill, which is what
-- bounds admissions by burst + rate × (T + lifetime) (see the README, "Token leases"). The least tokens worth a
-- lease are at least one call's cost: fewer available is a denial. Its KEYS, ARGV and reply: prelude.lua.
local n = tonumber(ARGV[#ARGV - 5])
local least = tonumber(ARGV[#ARGV - 4])
local lifetime = tonumber(ARGV[#ARGV - 3]) * 1000
local back_id = ARGV[#ARGV - 2]
local unused = tonumber(ARGV[#ARGV - 1])
local new_id = ARGV[#ARGV]
local ledger = KEYS[n + 1]
local want = cost

-- Leases whose time is up are no longer out: their tokens were used, or are lost to their node.
redis.call('ZREMRANGEBYSCORE', ledger, '-inf', now)
local out, leased = 0, nil
for _, member in ipairs(redis.call('ZRANGE', ledger, 0, -1)) do
  local sep = string.find(member, ':', 1, true)
  local tokens = tonumber(string.sub(member, sep + 1))
  if back_id ~= '' and string.sub(member, 1, sep - 1) == back_id then
    leased = tokens
    redis.call('ZREM', ledger, member)
  else
    out = out + tokens
  end
end
local given = 0
if leased and unused > 0 then
  local r = math.min(unused, leased)
  given = r
  for i = 1, n do
    given = math.min(given, refund(i, r, out))
  end
end

if want <= 0 then
  return {0, 0, 0, 0, 1, given}
end

-- What every limit could give now; the lease takes the least of that and what is wanted.
local available = want
for i = 1, n do
  local ok, left = check(i)
  if ok == 1 then left = left + cost end
  if left < available then available = left end
end
cost = available >= least and available or least

-- As decide.lua: all limits pass with that cost (a lease) or the wait for `least` tokens is reported.
local allowed, remaining, retry, reset, index = deciding_limit(check, n)
if allowed == 0 then
  return {0, remaining, retry, reset, index, given}
end
for i = 1, n do
  commit(i)
end
local ends = now + lifetime
redis.call('ZADD', ledger, ends, new_id .. ':' .. int(cost))
local last = redis.call('ZRANGE', ledger, -1, -1, 'WITHSCORES')
redis.call('PEXPIREAT', ledger, int(ceil(tonumber(last[2]) / 1000)))
return {cost, remaining, 0, reset, index, given}
