-- The analytics page's lots' turnover (issue 24) reads when each offer sold out: the history entry the stock writer
-- records as the offer's status turns 'completed'. record_history grows with every change of every record; this
-- partial index holds only those entries, so the chart's one aggregate over them is an index-only scan, not a scan
-- of the whole history with a jsonb test per row.
CREATE INDEX IF NOT EXISTS "record_history_sold_out_idx" ON "record_history" ("record_id", "at")
  WHERE "section" = 'offers' AND "changes" @> '[{"field": "status", "new": "completed"}]'::jsonb;
