-- A save rewrites the session's row (decision 0010). With the defaults, once a paper's answers
-- grew past ~1 kB every save decompressed and recompressed the answers array (the toaster runs for
-- any row over 2 kB): 500k instructions per save in PostgreSQL against 320k without (callgrind,
-- 75-question paper; figures in decision 0010). MAIN keeps answers uncompressed inline while the row
-- is under the 4 kB target (it can still go out of line when a paper's answers are huge), and the
-- target keeps the question ids and option orders where the toaster put them at the start.
ALTER TABLE "assessments" SET (toast_tuple_target = 4000);--> statement-breakpoint
ALTER TABLE "assessments" ALTER COLUMN "answers" SET STORAGE MAIN;
