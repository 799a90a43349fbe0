ALTER TABLE "answer_sheets" ADD COLUMN "save_sequence" bigint[];--> statement-breakpoint
ALTER TABLE "answer_sheets" ALTER COLUMN "save_sequence" SET STORAGE MAIN;