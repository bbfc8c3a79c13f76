import Foundation
import Stage

/// The chapter's `TestDriveController` (iOS App Development For Dummies, ch. 10; spec 06 §1.B): the blinking Test
/// Drive button, the drive — up, turn, back, turn — as block animations chained through their completions, the
/// burn-rubber system sound and the looping engine, and dragging the car.
final class TestDriveController: UIViewController {
    // The storyboard's outlets.
    var backgroundImage: UIImageView!
    var car: UIImageView!
    var testDriveButton: UIButton!

    var carSound: AVAudioPlayer?
    var burnRubberSoundID: SystemSoundID = 0
    var touchInCar = false
    /// Chosen (spec 06 §5.7): from the tap until the last completion, taps on Test Drive and car drags are ignored.
    var isDriving = false

    /// One blink cycle (UIKit's meaning of the book's `duration:1.0`, spec 06 §5.2): 0.5 s per frame with our two
    /// frames. The book's reading — 1.0 s per frame — would be 2.0 here.
    static let blinkCycle: TimeInterval = 1.0

    /// What the storyboard builds: the backdrop, the car 50 × 100 pt centred at (W/2, H − carH), and the Test Drive
    /// button 100 × 44 pt centred, added after the car so it is drawn above it.
    override func loadView() {
        view = UIView(frame: UIScreen.main.bounds)
        let W = view.bounds.width, H = view.bounds.height
        backgroundImage = UIImageView(image: UIImage(named: "MainBackground"))
        backgroundImage.frame = view.bounds
        backgroundImage.name = "background"
        car = UIImageView(image: UIImage(named: "CarImage"))
        car.frame = CGRect(x: 0, y: 0, width: 50, height: 100)
        car.center = CGPoint(x: W / 2, y: H - car.frame.size.height)
        car.name = "car"
        testDriveButton = UIButton(frame: CGRect(x: 0, y: 0, width: 100, height: 44))
        testDriveButton.center = CGPoint(x: W / 2, y: H / 2)
        testDriveButton.setTitle("Test Drive", for: .normal)
        testDriveButton.setTitleColor(UIColor(red: 0.196, green: 0.310, blue: 0.522, alpha: 1), for: .normal)
        testDriveButton.name = "testDrive"
        testDriveButton.addTarget(self, action: TestDriveController.testDrive, for: .touchUpInside)
        view.addSubview(backgroundImage)
        view.addSubview(car)
        view.addSubview(testDriveButton)
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        testDriveButton.setBackgroundImage(UIImage.animatedImageNamed("Button", duration: TestDriveController.blinkCycle),
                                           for: .normal)
        if let burnRubberURL = ResourceBundle.main.url(forResource: "BurnRubber", withExtension: "aif") {
            AudioServicesCreateSystemSoundID(burnRubberURL, &burnRubberSoundID)
        }
        // Errors are ignored, as in the book: without the file there is no player and the drive is silent.
        if let backgroundURL = ResourceBundle.main.url(forResource: "CarRunning", withExtension: "aif") {
            carSound = try? AVAudioPlayer(contentsOf: backgroundURL)
        }
        carSound?.numberOfLoops = -1
        carSound?.prepareToPlay()
    }

    // MARK: The drive

    func testDrive(_ sender: Any?) {
        guard !isDriving else { return }
        isDriving = true
        AudioServicesPlaySystemSound(burnRubberSoundID)
        perform(TestDriveController.playCarSound, with: self, afterDelay: 0.2)
        let center = CGPoint(x: car.center.x, y: view.frame.origin.y + car.frame.size.height / 2)
        UIView.animate(withDuration: 3, animations: {
            self.car.center = center
        }, completion: { finished in
            self.rotate()
        })
    }

    func playCarSound() {
        carSound?.play()
    }

    func rotate() {
        let transform = CGAffineTransform(rotationAngle: .pi)
        let animation = { self.car.transform = transform }
        let completion = { (finished: Bool) in self.returnCar() }
        UIView.animate(withDuration: 3, animations: animation, completion: completion)
    }

    func returnCar() {
        let center = CGPoint(x: view.center.x, y: view.frame.size.height - car.frame.size.height)
        let animation = { self.car.center = center }
        let completion = { (finished: Bool) in self.continueRotation() }
        UIView.animate(withDuration: 3, animations: animation, completion: completion)
    }

    func continueRotation() {
        let transform = CGAffineTransform(rotationAngle: 0)
        let animation = { self.car.transform = transform }
        let completion = { (finished: Bool) in
            self.carSound?.stop()
            self.carSound?.prepareToPlay()
            self.isDriving = false
        }
        UIView.animate(withDuration: 3, animations: animation, completion: completion)
    }

    // MARK: Dragging the car

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = touches.first else { return }
        if !isDriving && car.frame.contains(touch.location(in: view)) {
            touchInCar = true
        } else {
            touchInCar = false
            super.touchesBegan(touches, with: event)
        }
    }

    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        if touchInCar, let touch = touches.first {
            car.center = touch.location(in: view)
        } else {
            super.touchesMoved(touches, with: event)
        }
    }
}
