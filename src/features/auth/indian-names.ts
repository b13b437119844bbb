/**
 * Common Indian first names and surnames, as people write them in Latin letters, for the staff
 * password check (./password-strength.server.ts): zxcvbn-ts's English lists know "john" and
 * "smith" but few of the names an office in Uttar Pradesh is full of. No maintained npm package
 * carries such a list, so it is kept here as data. Roughly most common first: zxcvbn counts a
 * name's rank as the guesses it costs.
 */

/** First names, women's and men's, with their usual spellings. */
export const INDIAN_FIRST_NAMES = [
  'ram', 'sita', 'shyam', 'geeta', 'gita', 'sunita', 'anita', 'kavita', 'meena', 'mina', 'rekha', 'suman', 'pooja', 'puja', 'priya', 'neha',
  'rahul', 'amit', 'sumit', 'rohit', 'mohit', 'ankit', 'vikas', 'vivek', 'ajay', 'vijay', 'sanjay', 'manoj', 'anil', 'sunil', 'raju', 'ravi',
  'rajesh', 'ramesh', 'suresh', 'mahesh', 'dinesh', 'ganesh', 'mukesh', 'rakesh', 'naresh', 'umesh', 'yogesh', 'rajendra', 'surendra',
  'mahendra', 'narendra', 'devendra', 'virendra', 'jitendra', 'dharmendra', 'ashok', 'alok', 'deepak', 'pankaj', 'pradeep', 'sandeep',
  'kuldeep', 'sudeep', 'rajeev', 'sanjeev', 'rajiv', 'sanjiv', 'arun', 'varun', 'tarun', 'karan', 'arjun', 'aman', 'naman', 'gaurav',
  'saurabh', 'abhishek', 'akash', 'aakash', 'vishal', 'vikram', 'vinod', 'pramod', 'subodh', 'manish', 'ashish', 'satish', 'harish',
  'girish', 'jagdish', 'krishna', 'kishan', 'gopal', 'govind', 'mohan', 'sohan', 'rohan', 'kishore', 'kamal', 'nikhil', 'sachin',
  'sushil', 'anuj', 'manju', 'anju', 'sanju', 'ritu', 'nitu', 'neetu', 'preeti', 'priti', 'jyoti', 'shanti', 'lakshmi', 'laxmi', 'saraswati',
  'parvati', 'durga', 'radha', 'rani', 'savita', 'sarita', 'babita', 'nisha', 'usha', 'asha', 'seema', 'sima', 'reena', 'rina', 'veena',
  'beena', 'heena', 'hina', 'sapna', 'swati', 'shweta', 'sweta', 'sneha', 'shikha', 'divya', 'kajal', 'payal', 'komal', 'sonam', 'sonia',
  'sonu', 'monu', 'pinki', 'pinky', 'rinki', 'guddi', 'munni', 'gudiya', 'chanda', 'chandni', 'poonam', 'punam', 'renu', 'madhu', 'manisha',
  'nandini', 'shalini', 'mamta', 'mamata', 'vandana', 'archana', 'aradhana', 'kalpana', 'sadhana', 'rachna', 'rachana', 'rashmi', 'reshma',
  'pallavi', 'shivani', 'bhavna', 'bhawna', 'kiran', 'sangeeta', 'sangita', 'namita', 'amita', 'sushma', 'pushpa', 'urmila', 'nirmala',
  'kamla', 'kamala', 'vimla', 'bimla', 'shobha', 'sudha', 'prabha', 'uma', 'indu', 'bindu', 'aarti', 'arti', 'dimple', 'monika', 'anjali',
  'ankita', 'anamika', 'aishwarya', 'akanksha', 'deepika', 'deepa', 'dipti', 'garima', 'gunjan', 'ishita', 'khushi', 'kriti', 'megha',
  'nidhi', 'pragya', 'prachi', 'radhika', 'riya', 'sakshi', 'shruti', 'simran', 'tanya', 'tanvi', 'vaishali', 'varsha', 'yamini',
  'aarav', 'aditya', 'arnav', 'ayush', 'dev', 'dhruv', 'harsh', 'ishaan', 'kabir', 'krish', 'kunal', 'lakshya', 'mayank', 'nitin',
  'prateek', 'pratik', 'rishabh', 'sahil', 'shivam', 'shubham', 'siddharth', 'utkarsh', 'yash', 'vansh', 'aryan', 'ansh', 'om', 'shiv',
  'hari', 'ramu', 'shankar', 'mahadev', 'bhola', 'lalit', 'lalita', 'hemant', 'hemlata', 'prem', 'premlata', 'chandra', 'chandan',
  'chetan', 'dilip', 'dileep', 'gulshan', 'jai', 'jay', 'kapil', 'lokesh', 'mukul', 'neeraj', 'niraj', 'pawan', 'pavan', 'praveen',
  'pravin', 'puneet', 'rupesh', 'sagar', 'santosh', 'shailesh', 'shekhar', 'sudhir', 'tushar', 'upendra', 'vinay', 'vipin', 'yogendra',
  'balram', 'brijesh', 'awadhesh', 'kamlesh', 'kamalesh', 'brajesh', 'ramkumar', 'rajkumar', 'shivkumar', 'ramprakash',
  'omprakash', 'jaiprakash', 'satyaprakash', 'ravindra', 'shailendra', 'gajendra', 'rampal', 'ramvir', 'ramveer', 'dharampal',
  'mohammad', 'mohammed', 'muhammad', 'ahmed', 'ahmad', 'ali', 'imran', 'irfan', 'salman', 'shahrukh', 'arif', 'asif', 'aslam',
  'faisal', 'faizan', 'javed', 'nadeem', 'naseem', 'rashid', 'sajid', 'shahid', 'wasim', 'zahid', 'zakir', 'fatima', 'ayesha', 'aisha',
  'nazia', 'nasreen', 'parveen', 'rubina', 'rukhsar', 'sana', 'shabana', 'shahnaz', 'shaheen', 'tabassum', 'zainab', 'zoya', 'noor',
  'gurpreet', 'harpreet', 'manpreet', 'jaspreet', 'navjot', 'simranjeet', 'kuldip', 'baljeet', 'harjeet', 'sukhwinder', 'jasvinder',
  'joseph', 'mary', 'thomas', 'george', 'anand', 'aravind', 'arvind', 'balaji', 'ganesan', 'murugan', 'lakshman', 'laxman', 'bharat',
  'shatrughan', 'hanuman', 'kanha', 'kanhaiya', 'keshav', 'madhav', 'murari', 'raghav', 'raghu', 'sundar', 'vasu', 'vishnu', 'shyamlal',
  'ramlal', 'mohanlal', 'chhotelal', 'banwari', 'bhagwan', 'bhagwati', 'jamuna', 'yamuna', 'ganga', 'kaveri', 'narmada', 'tulsi',
] as const;

/** Surnames, most common in the north first. */
export const INDIAN_SURNAMES = [
  'kumar', 'singh', 'sharma', 'verma', 'gupta', 'yadav', 'kumari', 'devi', 'agarwal', 'aggarwal', 'agrawal', 'mishra', 'pandey', 'tiwari',
  'tripathi', 'dubey', 'dwivedi', 'chaturvedi', 'shukla', 'srivastava', 'shrivastava', 'saxena', 'mathur', 'nigam', 'chauhan', 'rajput',
  'thakur', 'rathore', 'tomar', 'sisodia', 'solanki', 'parmar', 'jadon', 'bhadauria', 'chaudhary', 'choudhary', 'chaudhry', 'jat',
  'malik', 'tyagi', 'sirohi', 'nagar', 'bhati', 'gurjar', 'jain', 'bansal', 'goel', 'goyal', 'garg', 'mittal', 'singhal', 'jindal',
  'maheshwari', 'khandelwal', 'varshney', 'rastogi', 'kushwaha', 'maurya', 'prajapati', 'kashyap', 'pal', 'lodhi', 'saini',
  'soni', 'sahu', 'jaiswal', 'chaurasia', 'vishwakarma', 'bharti', 'bharati', 'gautam', 'jatav', 'valmiki', 'kori', 'dhanuk',
  'rawat', 'negi', 'bisht', 'joshi', 'pant', 'bhatt', 'upadhyay', 'upadhyaya', 'awasthi', 'bajpai', 'vajpayee', 'dixit', 'dikshit',
  'pathak', 'ojha', 'jha', 'sinha', 'prasad', 'mehta', 'shah', 'patel', 'desai', 'modi', 'kapoor', 'khanna', 'malhotra',
  'arora', 'chopra', 'bhatia', 'sethi', 'ahuja', 'bedi', 'gill', 'sandhu', 'sidhu', 'dhillon', 'grewal', 'kaur', 'nair', 'menon',
  'pillai', 'iyer', 'iyengar', 'reddy', 'rao', 'naidu', 'shetty', 'hegde', 'kamath', 'patil', 'pawar', 'jadhav', 'shinde', 'kulkarni',
  'deshpande', 'banerjee', 'chatterjee', 'mukherjee', 'bose', 'das', 'dutta', 'ghosh', 'sen', 'roy', 'biswas', 'khan', 'ansari',
  'qureshi', 'siddiqui', 'sheikh', 'shaikh', 'syed', 'hussain', 'husain', 'rizvi', 'zaidi', 'naqvi', 'pathan', 'mirza', 'baig',
  'beg', 'farooqui', 'usmani', 'abbasi', 'alvi', 'rana', 'chand', 'lal', 'nath', 'ram', 'dev', 'raj', 'bhardwaj', 'vats', 'vashisht',
  'kaushik', 'gaur', 'sharda', 'tandon', 'kakkar', 'mehra', 'luthra', 'bajaj', 'birla', 'ambani', 'tata', 'chandra', 'anand',
] as const;
