-- A drawn-ahead paper (decision 0029) holding a question that is then updated (edited, retired,
-- dropped, key-corrected: any new row version) or deleted is never used again: its row goes in the
-- same transaction as the change. Per statement, over the changed rows, so an import of thousands of
-- questions costs one lookup in the variants' GIN index per statement, not per row.
CREATE FUNCTION paper_variants_forget() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM paper_variants WHERE question_ids && (SELECT array_agg(id) FROM changed_questions);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER questions_forget_variants_on_update AFTER UPDATE ON questions
  REFERENCING OLD TABLE AS changed_questions FOR EACH STATEMENT EXECUTE FUNCTION paper_variants_forget();
--> statement-breakpoint
CREATE TRIGGER questions_forget_variants_on_delete AFTER DELETE ON questions
  REFERENCING OLD TABLE AS changed_questions FOR EACH STATEMENT EXECUTE FUNCTION paper_variants_forget();
