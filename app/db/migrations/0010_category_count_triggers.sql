CREATE TRIGGER business_category_count_insert AFTER INSERT ON business
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION business_category_count_apply();
--> statement-breakpoint
CREATE TRIGGER business_category_count_update AFTER UPDATE ON business
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION business_category_count_apply();
--> statement-breakpoint
CREATE TRIGGER business_category_count_delete AFTER DELETE ON business
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION business_category_count_apply();
--> statement-breakpoint
CREATE TRIGGER business_category_count_truncate AFTER TRUNCATE ON business
  FOR EACH STATEMENT EXECUTE FUNCTION business_category_count_apply();
--> statement-breakpoint
-- The businesses already there, counted once; the triggers keep it from here on.
INSERT INTO business_category_count (category, places)
SELECT category, count(*) FROM business GROUP BY category;
--> statement-breakpoint
-- Statistics for the new expression indexes, so the planner knows how common each piece is.
ANALYZE business;
