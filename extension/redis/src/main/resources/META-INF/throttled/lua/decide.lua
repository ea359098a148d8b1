-- throttled: the tail of every decision script. check(i) judged limit i and remembered what commit(i)
-- would write. The request takes from all limits or from none, so nothing is written unless all pass.
-- The deciding limit is, when denied, the one with the longest wait (a never-passing request first);
-- when allowed, the one with the least left.
-- Returns {allowed, remaining, retry_after_ms, reset_after_ms, index_of_deciding_limit}.
local allowed, remaining, retry, reset, index = 1, nil, 0, 0, 1
for i = 1, #KEYS do
  local ok, left, wait, full = check(i)
  if ok == 1 then
    if allowed == 1 and (remaining == nil or left < remaining) then
      remaining, reset, index = left, full, i
    end
  elseif allowed == 1 or (retry ~= -1 and (wait == -1 or wait > retry)) then
    allowed, remaining, retry, reset, index = 0, left, wait, full, i
  end
end
if allowed == 1 and cost > 0 then
  for i = 1, #KEYS do
    commit(i)
  end
end
return {allowed, remaining, retry, reset, index}
