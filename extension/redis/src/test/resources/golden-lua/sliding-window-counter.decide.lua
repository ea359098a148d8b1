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
-- throttled: the tail of every decision script, and decide() in group and batch scripts (the protocol, KEYS, ARGV
-- and reply: prelude.lua). check(i) judged limit i and remembered what commit(i) would write. The request takes
-- from all limits or from none, so nothing is written unless all pass; deciding_limit names the limit that decided.
local allowed, remaining, retry, reset, index = deciding_limit(check, #KEYS)
if allowed == 1 and cost > 0 then
  for i = 1, #KEYS do
    commit(i)
  end
end
return {allowed, remaining, retry, reset, index}
