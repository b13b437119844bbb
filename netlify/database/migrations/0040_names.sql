-- One name for one idea. The pre-primary wing (P.N.C to K.G) was stored as 'primary', the spec's
-- word for it in its routes, which reads as classes 1-5; it is stored by what it holds now. The
-- vacancies table and its audit entries were 'jobs' and 'job'.
ALTER TABLE admissions DROP CONSTRAINT admissions_band_check;
UPDATE admissions SET band = 'pre-primary' WHERE band = 'primary';
ALTER TABLE admissions ADD CONSTRAINT admissions_band_check CHECK (band IN ('pre-primary', 'middle', 'senior'));

ALTER TABLE jobs RENAME TO vacancies;
ALTER TABLE vacancies RENAME CONSTRAINT jobs_pkey TO vacancies_pkey;
ALTER TABLE vacancies RENAME CONSTRAINT jobs_employment_type_check TO vacancies_employment_type_check;
ALTER INDEX jobs_created_idx RENAME TO vacancies_created_idx;
UPDATE audit_log SET entity = 'vacancy' WHERE entity = 'job';
